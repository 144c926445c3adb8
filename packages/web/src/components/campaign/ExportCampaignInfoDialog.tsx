import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useStackedDialog } from '../../app/dialogs/dialog-stack';
import {
  CAMPAIGN_EXPORT_FORMAT_LABELS,
  CAMPAIGN_EXPORT_FORMATS,
  type CampaignExportFormat,
  campaignExportFileName,
  downloadCampaignExport,
} from './api/export-campaign-info';

const FORMAT_HINTS = {
  csv: 'One file: the campaign’s fields, then a table of its strategies.',
  xlsx: 'A workbook with a Campaign sheet and a Strategies sheet.',
} as const satisfies Record<CampaignExportFormat, string>;

const isExportFormat = (value: string): value is CampaignExportFormat =>
  CAMPAIGN_EXPORT_FORMATS.some((format) => format === value);

export type ExportCampaignInfoDialogProps = {
  readonly campaign: { readonly id: number; readonly name: string };
};

/** The export campaign info dialog (§2): the full configuration of one campaign and its strategies, as a file. */
export const ExportCampaignInfoDialog = ({ campaign }: ExportCampaignInfoDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  const [format, setFormat] = useState<CampaignExportFormat>('csv');
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setFailure(undefined);
    try {
      await downloadCampaignExport(campaign.id, format);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      {...dialogProps}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Export campaign info</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Every setting of {campaign.name} and of its strategies, to keep or to share.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <FormControl>
            <FormLabel id={`${titleId}-format`}>Format</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-format`}
              value={format}
              onChange={(event) => {
                if (isExportFormat(event.target.value)) setFormat(event.target.value);
              }}
            >
              {CAMPAIGN_EXPORT_FORMATS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={CAMPAIGN_EXPORT_FORMAT_LABELS[value]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {FORMAT_HINTS[format]} The file is {campaignExportFileName(campaign.id, format)}.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Download
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
