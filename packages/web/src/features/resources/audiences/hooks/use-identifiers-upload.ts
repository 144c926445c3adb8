import { ZAudienceIdentifiersUpload } from '@beacon/domain/validation/audience-form';
import { AUDIENCE_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import {
  checkWith,
  errorsOfApiError,
  type FieldErrors,
  type FileRejection,
  fileRejectionOf,
} from '../../utils/form-errors';
import { type AudienceUploadResult, uploadAudienceIdentifiers } from '../api/audience';
import { EMPTY_IDENTIFIERS, type IdentifiersValues } from '../components/IdentifiersFields';

export type IdentifiersUpload = {
  readonly values: IdentifiersValues;
  readonly setValues: (values: IdentifiersValues) => void;
  readonly errors: FieldErrors;
  readonly rejection: FileRejection | null;
  readonly failure: string | undefined;
  readonly progress: number | null;
  /** Checks the form with the call's schema; answers whether it may be sent. */
  readonly check: () => boolean;
  /** Sends the file to the audience; null when it was refused (the errors say why). */
  readonly send: (audienceId: number) => Promise<AudienceUploadResult | null>;
};

/** The state of an identifiers upload: checked with the exact schema of the call, sent with progress. */
export const useIdentifiersUpload = (): IdentifiersUpload => {
  const [values, setValues] = useState<IdentifiersValues>(EMPTY_IDENTIFIERS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [failure, setFailure] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const fields = () => ({
    commits_not_to_rebuild: values.isCommitted,
    identifier_type: values.identifierType,
  });

  const check = (): boolean => {
    const result = checkWith(ZAudienceIdentifiersUpload, fields());
    const next: Record<string, string> = result.ok ? {} : { ...result.errors };
    if (!values.file) next.file = AUDIENCE_FILE_REQUIRED_MESSAGE;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const send = async (audienceId: number): Promise<AudienceUploadResult | null> => {
    const parsed = ZAudienceIdentifiersUpload.safeParse(fields());
    if (!values.file || !parsed.success) return null;
    setFailure(undefined);
    setRejection(null);
    setProgress(0);
    try {
      return await uploadAudienceIdentifiers(audienceId, parsed.data, values.file, setProgress);
    } catch (error) {
      const rejected = fileRejectionOf(error);
      // The file-level message is the alert's title: the list keeps the lines (and "…N more lines").
      const fileRejection = rejected && {
        ...rejected,
        lines: rejected.lines.filter((line) => line.line !== null || line.message !== rejected.message),
      };
      setRejection(fileRejection);
      const fieldErrors = fileRejection ? {} : errorsOfApiError(error);
      setErrors(fieldErrors);
      if (!fileRejection && Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { values, setValues, errors, rejection, failure, progress, check, send };
};
