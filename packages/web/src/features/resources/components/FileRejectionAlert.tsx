import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { FileRejection } from '../../../lib/resource-form-errors';

/** How many bad lines are listed; the count of the others follows. */
const MAX_LINES_SHOWN = 100;

/** A rejected upload: the file's message (§5, §8) and every bad line with its number. */
export const FileRejectionAlert = ({ rejection }: { readonly rejection: FileRejection }) => {
  const shown = rejection.lines.slice(0, MAX_LINES_SHOWN);
  const more = rejection.lines.length - shown.length;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{rejection.message}</AlertTitle>
      {shown.length > 0 && (
        <Box
          component="ul"
          sx={{ m: 0, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
          tabIndex={0}
          aria-label="Rejected lines"
        >
          {shown.map((line) => (
            <li key={`${line.line}:${line.message}`}>
              {line.line === null ? line.message : `Line ${line.line}: ${line.message}`}
            </li>
          ))}
          {more > 0 && <li>{`and ${more} more`}</li>}
        </Box>
      )}
    </Alert>
  );
};
