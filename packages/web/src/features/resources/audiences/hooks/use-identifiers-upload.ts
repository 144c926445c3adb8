import { ZAudienceIdentifiersUpload } from '@beacon/domain/validation/audience-form';
import type { AudienceIdentifierType } from '@beacon/domain/validation/audience-identifiers';
import { AUDIENCE_FILE_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { useState } from 'react';
import { errorMessage } from '../../../../api/api-error';
import {
  checkWith,
  errorsOfApiError,
  type FieldErrors,
  type FileRejection,
  fileRejectionOf,
} from '../../../../lib/resource-form-errors';
import { type AudienceUploadResult, uploadAudienceIdentifiers } from '../api/audience';
import { canKeepValid, type UploadRefusal, uploadRefusalOf } from '../utils/upload-report';

export type IdentifiersValues = {
  readonly file: File | null;
  readonly isCommitted: boolean;
  readonly identifierType: AudienceIdentifierType;
};

export const EMPTY_IDENTIFIERS: IdentifiersValues = { file: null, isCommitted: false, identifierType: 'ifa' };

export type IdentifiersUpload = {
  readonly values: IdentifiersValues;
  /** A new file or type makes the last refusal's report stale: it goes. */
  readonly setValues: (values: IdentifiersValues) => void;
  readonly errors: FieldErrors;
  /** A file refused as a whole (empty, too large…). */
  readonly rejection: FileRejection | null;
  /** A file refused for its lines, with its report: nothing was stored. */
  readonly refusal: UploadRefusal | null;
  /** The refused file has valid identifiers: the user may keep them and drop the bad lines. */
  readonly canKeepValid: boolean;
  readonly failure: string | undefined;
  readonly progress: number | null;
  /** Checks the form with the call's schema; answers whether it may be sent. */
  readonly check: () => boolean;
  /**
   * Sends the file to the audience, keeping only its valid identifiers when `keepValid`; null when it was refused
   * (the errors, the rejection or the refusal say why).
   */
  readonly send: (
    audienceId: number,
    options?: { readonly keepValid?: boolean },
  ) => Promise<AudienceUploadResult | null>;
};

/**
 * The state of an identifiers upload: checked with the exact schema of the call, sent with progress. A file with
 * bad lines is refused with its report (nothing stored); the user then sends it again keeping the valid
 * identifiers, or fixes it.
 */
export const useIdentifiersUpload = (): IdentifiersUpload => {
  const [values, setValuesState] = useState<IdentifiersValues>(EMPTY_IDENTIFIERS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const [failure, setFailure] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const setValues = (next: IdentifiersValues) => {
    if (next.file !== values.file || next.identifierType !== values.identifierType) {
      setRefusal(null);
      setRejection(null);
    }
    setValuesState(next);
  };

  const fields = (keepValid: boolean) => ({
    commits_not_to_rebuild: values.isCommitted,
    identifier_type: values.identifierType,
    keep_valid: keepValid,
  });

  const check = (): boolean => {
    const result = checkWith(ZAudienceIdentifiersUpload, fields(false));
    const next: Record<string, string> = result.ok ? {} : { ...result.errors };
    if (!values.file) next.file = AUDIENCE_FILE_REQUIRED_MESSAGE;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const send = async (
    audienceId: number,
    { keepValid = false }: { readonly keepValid?: boolean } = {},
  ): Promise<AudienceUploadResult | null> => {
    const parsed = ZAudienceIdentifiersUpload.safeParse(fields(keepValid));
    if (!values.file || !parsed.success) return null;
    setFailure(undefined);
    setRejection(null);
    setRefusal(null);
    setProgress(0);
    try {
      return await uploadAudienceIdentifiers(audienceId, parsed.data, values.file, setProgress);
    } catch (error) {
      const refused = uploadRefusalOf(error);
      if (refused) {
        setRefusal(refused);
        setErrors({});
        return null;
      }
      const rejected = fileRejectionOf(error);
      setRejection(rejected);
      const fieldErrors = rejected ? {} : errorsOfApiError(error);
      setErrors(fieldErrors);
      if (!rejected && Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
      return null;
    } finally {
      setProgress(null);
    }
  };

  return {
    values,
    setValues,
    errors,
    rejection,
    refusal,
    canKeepValid: canKeepValid(refusal),
    failure,
    progress,
    check,
    send,
  };
};
