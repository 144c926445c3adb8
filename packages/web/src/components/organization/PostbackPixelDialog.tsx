import {
  CONVERSION_EVENT_IDS,
  type ConversionEventId,
  conversionEventLabel,
  isConversionEventId,
  isPostbackTrackingTool,
  POSTBACK_TRACKING_TOOLS,
  type PostbackTrackingTool,
  pixelFileName,
} from '@beacon/domain/dictionary/postback';
import { TRACKING_PROVIDER_LABELS } from '@beacon/domain/dictionary/tracking';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { downloadPostbackPixel, postbackPixelQueryOptions } from '../../api/organization-tools';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import { useDictionary } from '../../app/session/use-dictionary';
import { enqueueSnackbar } from '../../lib/snackbar';

export type PostbackPixelDialogProps = {
  readonly organizationId: number;
  readonly initialEvent?: ConversionEventId;
  readonly initialTool?: PostbackTrackingTool;
};

type ToolOption = { readonly value: PostbackTrackingTool; readonly label: string };

/** The dictionary's tracking providers that take a pixel, in its order and with its labels. */
const usePostbackTools = (): readonly ToolOption[] => {
  const dictionary = useDictionary();
  const fromDictionary = (dictionary?.trackingProviders ?? []).flatMap((provider): ToolOption[] =>
    isPostbackTrackingTool(provider.value) ? [{ value: provider.value, label: provider.label }] : [],
  );
  return fromDictionary.length > 0
    ? fromDictionary
    : POSTBACK_TRACKING_TOOLS.map((value) => ({ value, label: TRACKING_PROVIDER_LABELS[value] }));
};

/**
 * The conversion pixel of an organization (§7 `GET /v2/organization/{id}/postback`): pick the event (1 to 5)
 * and the tracking tool, read the pixel URL, copy it, or download it as the text file `pixel_{event}`. Opened
 * with `useDialogStack().open(id, <PostbackPixelDialog organizationId={…} />)`.
 */
export const PostbackPixelDialog = ({
  organizationId,
  initialEvent = 1,
  initialTool = 'beacon',
}: PostbackPixelDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const tools = usePostbackTools();
  const [event, setEvent] = useState<ConversionEventId>(initialEvent);
  const [tool, setTool] = useState<PostbackTrackingTool>(initialTool);
  const [isDownloading, setIsDownloading] = useState(false);
  const urlField = useRef<HTMLInputElement | null>(null);
  const pixel = useQuery(postbackPixelQueryOptions(organizationId, event, tool));

  const copy = async () => {
    if (!pixel.data) return;
    try {
      await navigator.clipboard.writeText(pixel.data);
      enqueueSnackbar('Pixel URL copied', { variant: 'success' });
    } catch {
      // Without clipboard access the URL is selected, ready for the keyboard's copy.
      urlField.current?.focus();
      urlField.current?.select();
      enqueueSnackbar('Copy the selected pixel URL with your keyboard', { variant: 'info' });
    }
  };

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadPostbackPixel(organizationId, event, tool);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Dialog {...dialogProps} aria-labelledby="postback-pixel-title" maxWidth="sm" fullWidth>
      <DialogTitle id="postback-pixel-title">Conversion pixel</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Give this URL to your tracking tool as the postback of the event. It records each conversion for
          this organization; the tool fills in its own click and device macros.
        </DialogContentText>
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label="Event"
              value={event}
              onChange={(change) => {
                const value = Number(change.target.value);
                if (isConversionEventId(value)) setEvent(value);
              }}
              helperText=" "
            >
              {CONVERSION_EVENT_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {conversionEventLabel(id)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label="Tracking tool"
              value={tool}
              onChange={(change) => {
                if (isPostbackTrackingTool(change.target.value)) setTool(change.target.value);
              }}
              helperText=" "
            >
              {tools.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {pixel.isError ? (
            <Alert severity="error">{errorMessage(pixel.error)}</Alert>
          ) : (
            <TextField
              label="Pixel URL"
              value={pixel.data ?? ''}
              placeholder={pixel.isPending ? 'Loading…' : undefined}
              multiline
              minRows={3}
              fullWidth
              inputRef={urlField}
              onFocus={(focus) => focus.target.select()}
              slotProps={{
                input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } },
                htmlInput: { 'aria-busy': pixel.isPending, spellCheck: false },
              }}
              helperText={`Downloads as the text file ${pixelFileName(event)}`}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>Close</Button>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()} disabled={!pixel.data}>
          Copy
        </Button>
        <Button
          variant="contained"
          startIcon={<Download />}
          onClick={() => void download()}
          disabled={!pixel.data || isDownloading}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
};
