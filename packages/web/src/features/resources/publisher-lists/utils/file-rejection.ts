/** How a rejected publisher file (decision 018) is shown in the upload dialogs. */
import { isApiError } from '../../../../api/api-error';
import { type FileRejection, fileRejectionOf } from '../../../../lib/resource-form-errors';

/**
 * A rejected file as the alert shows it: the file's message as the title, only the lines listed under it, and
 * how many bad lines the server counted beyond those it listed (`more_lines`).
 */
export const rejectionToShow = (rejection: FileRejection, moreLines = 0): FileRejection => {
  const lines = rejection.lines.filter((line) => line.line !== null || line.message !== rejection.message);
  if (moreLines <= 0) return { message: rejection.message, lines };
  const more = `${moreLines} more ${moreLines === 1 ? 'line is' : 'lines are'} not valid`;
  return { message: rejection.message, lines: [...lines, { line: null, message: more }] };
};

/** `more_lines` of a rejected upload's answer, 0 when absent. */
export const moreLinesOf = (error: unknown): number =>
  isApiError(error) ? (error.bodyNumber('more_lines') ?? 0) : 0;

/** A rejected publisher file as the dialogs show it; null for any other failure. */
export const publisherRejectionOf = (error: unknown): FileRejection | null => {
  const rejection = fileRejectionOf(error);
  return rejection && rejectionToShow(rejection, moreLinesOf(error));
};
