import { useEffect, useState } from 'react';

/** A blob: address for a chosen file while it is shown, released when the file changes or the view goes. */
export const useObjectUrl = (file: Blob | null | undefined): string | undefined => {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};
