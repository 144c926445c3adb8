import { UploadField } from '../../../../components/UploadField';

/** What a publisher list file holds (§5), said next to every file field. */
export const PUBLISHER_FILE_HINT =
  'A text or CSV file with the publishers in a single column, one per line: web domains (example.com) or app bundle and store ids (com.example.app, id389801252).';

/** File types offered by the browser's picker; the server reads the content whatever the name. */
const ACCEPT = '.txt,.csv,text/plain,text/csv';

export type PublisherFileFieldProps = {
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
  /** The share sent, 0 to 1, while uploading; null otherwise. */
  readonly progress: number | null;
  readonly disabled?: boolean;
  readonly label?: string;
};

/** Picks one publisher list file and shows its upload's progress (the resource dialogs' upload field). */
export const PublisherFileField = ({
  file,
  onChange,
  progress,
  disabled = false,
  label = 'Choose a file',
}: PublisherFileFieldProps) => (
  <UploadField
    label={label}
    accept={ACCEPT}
    file={file}
    onChange={onChange}
    hint={PUBLISHER_FILE_HINT}
    progress={progress}
    disabled={disabled}
  />
);
