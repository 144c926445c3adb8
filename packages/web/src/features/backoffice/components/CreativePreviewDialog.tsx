import { CREATIVE_TYPE_LABELS } from '@beacon/domain/dictionary/creatives';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { type CreativeRow, creativePath, creativeSize } from '../../../components/creative/api/creative';
import { CreativePreview } from '../../../components/creative/CreativePreview';
import { CreativeStateChip } from '../../../components/creative/CreativeStateChip';
import { previewFrameSize } from '../../../components/creative/preview-size';

type CreativePreviewDialogProps = {
  readonly creative: CreativeRow;
  readonly onApprove?: () => void;
  readonly onReject?: () => void;
};

/** A creative of the queue as it shows (sandboxed preview), with its review actions. */
export const CreativePreviewDialog = ({ creative, onApprove, onReject }: CreativePreviewDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const size = creativeSize(creative);
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Preview of {creative.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <CreativeStateChip state={creative.state} />
            <Typography variant="body2" color="text.secondary">
              {CREATIVE_TYPE_LABELS[creative.type]}
              {size ? ` · ${size}` : ''} · {creative.organization_name} ·{' '}
              <Link component={RouterLink} to={creativePath(creative.id)} onClick={close}>
                Open the creative
              </Link>
            </Typography>
          </Stack>
          <CreativePreview
            creativeId={creative.id}
            name={creative.name}
            version={creative.version}
            size={previewFrameSize(creative)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {onReject && (
          <Button color="error" onClick={onReject}>
            Reject
          </Button>
        )}
        {onApprove && (
          <Button variant="contained" onClick={onApprove}>
            Approve
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
