import { TOOLTIP_DELAY_MS } from '@beacon/domain/dictionary/constants';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { EXTERNAL_LINKS } from '../external-links';
import { useAppDialogs } from './app-dialogs';

/** The help menu of §2: Docs (when the installation has them and the organization shows them), Report a problem. */
export const HelpMenu = ({ hideDocs }: { readonly hideDocs: boolean }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { openContactSupport } = useAppDialogs();
  const docsUrl = hideDocs ? null : EXTERNAL_LINKS.docs;
  return (
    <>
      <Tooltip title="Help" enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton
          aria-label="Help"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <HelpOutlineOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {docsUrl && (
          <MenuItem
            component="a"
            href={docsUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <MenuBookOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Docs</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            openContactSupport();
          }}
        >
          <ListItemIcon>
            <ReportProblemOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Report a problem</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
