import { ORGANIZATION_ROLE_LABELS } from '@beacon/domain/dictionary/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import {
  EMPTY_GRID_STATE,
  gridSearchString,
  writeGridUrlState,
} from '../../../components/data-grid/grid-url-state';
import type { Organization } from '../api/organization';
import { useOrganizationChildren } from '../api/organization-children';
import { countryLabel } from '../utils/organization-list';

const ORGANIZATIONS_PATH = '/backoffice/organizations';

/** The grid filtered on one field: a link that survives a reload and can be shared. */
const gridLink = (field: 'id' | 'parent', id: number): string =>
  `${ORGANIZATIONS_PATH}${gridSearchString(
    writeGridUrlState(new URLSearchParams(), {
      ...EMPTY_GRID_STATE,
      filters: [{ field, operator: 'is', value: id }],
    }),
  )}`;

export type OrganizationChildrenDialogProps = {
  readonly parent: Organization;
  readonly onEdit: (organizationId: number) => void;
};

/** The children of an organization (GET /organization/{id}/children), each with its way into the grid. */
export const OrganizationChildrenDialog = ({ parent, onEdit }: OrganizationChildrenDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const children = useOrganizationChildren(parent.id);
  const rows = children.data ?? [];

  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Children of {parent.name}</DialogTitle>
      <DialogContent dividers>
        {children.isPending && (
          <Box aria-busy="true" aria-label="Loading the children">
            {[0, 1, 2].map((line) => (
              <Skeleton key={line} height={48} />
            ))}
          </Box>
        )}
        {children.isError && <Alert severity="error">{errorMessage(children.error)}</Alert>}
        {children.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">{parent.name} has no child organizations.</Typography>
        )}
        {rows.length > 0 && (
          <List aria-label={`Children of ${parent.name}`} disablePadding>
            {rows.map((child) => (
              <ListItem
                key={child.id}
                divider
                disableGutters
                secondaryAction={
                  <Button size="small" onClick={() => onEdit(child.id)} aria-label={`Edit ${child.name}`}>
                    Edit
                  </Button>
                }
              >
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={gridLink('id', child.id)} onClick={close}>
                      {child.name}
                    </Link>
                  }
                  secondary={[
                    `#${child.id}`,
                    ORGANIZATION_ROLE_LABELS[child.role],
                    countryLabel(child.country),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {rows.length > 0 && (
          <Button component={RouterLink} to={gridLink('parent', parent.id)} onClick={close}>
            Show them in the grid
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
