import { fileSizeText } from '../../../components/creative/creative-text';
import { UploadField } from '../../../components/UploadField';

export type CreativeFileFieldProps = {
  readonly label: string;
  /** `.png,.jpg,.jpeg,.gif`. */
  readonly accept: string;
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  /** The §5 hint of the asset. */
  readonly hint: string;
  /** What is stored already (edit), shown when no new file is chosen. */
  readonly current?: string | undefined;
  readonly error?: string | undefined;
  readonly isRequired?: boolean;
  /** The share sent (0 to 1) while uploading, null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean;
};

/**
 * A creative's file chosen for upload, its §5 hint or the server's refusal, and the progress of its sending: the
 * upload field of every dialog, naming the asset once a file is chosen and giving the file's size.
 */
export const CreativeFileField = ({ label, ...props }: CreativeFileFieldProps) => (
  <UploadField
    {...props}
    label={label}
    changeLabel={`Choose another file (${label.toLowerCase()})`}
    describeFile={(file) => `${file.name} · ${fileSizeText(file.size)}`}
    checkingText="Uploaded, checking the file…"
  />
);
