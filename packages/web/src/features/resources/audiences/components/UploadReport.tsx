import type { TAudienceUploadReport } from '@beacon/domain/api/audiences';
import { audienceMoreBadLinesMessage } from '@beacon/domain/validation/messages';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { matchRateText, reportCounts, shownBadLines } from '../utils/upload-report';

type Props = {
  readonly report: TAudienceUploadReport;
  readonly title: string;
  readonly severity: AlertColor;
  /** What the user may do next, under the counts. */
  readonly children?: ReactNode;
};

/**
 * What an identifiers file held (§5): lines read, valid identifiers, bad lines, the match rate, and the first
 * bad lines with their numbers and why, then how many more.
 */
export const UploadReport = ({ report, title, severity, children }: Props) => {
  const bad = shownBadLines(report);
  return (
    <Alert severity={severity} role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}>
      <AlertTitle>{title}</AlertTitle>
      <Typography variant="body2">{reportCounts(report)}.</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {matchRateText(report)}
      </Typography>
      {bad.lines.length > 0 && (
        <Box
          component="ul"
          sx={{ my: 1, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
          tabIndex={0}
          aria-label="Bad lines"
        >
          {bad.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {bad.more > 0 && <li>{audienceMoreBadLinesMessage(bad.more)}</li>}
        </Box>
      )}
      {children}
    </Alert>
  );
};
