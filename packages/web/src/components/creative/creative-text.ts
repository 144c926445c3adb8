/** Words for a creative's coded values, for values the API may hold beyond the console's tables. */
import { CREATIVE_ATTRIBUTE_LABELS, CREATIVE_ATTRIBUTES } from '@beacon/domain/dictionary/creatives';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '@beacon/domain/dictionary/languages';

export const languageName = (code: string | null): string => {
  if (code === null) return '—';
  const known = LANGUAGE_CODES.find((candidate) => candidate === code);
  return known ? LANGUAGE_NAMES[known] : code;
};

export const attributeName = (code: number): string => {
  const known = CREATIVE_ATTRIBUTES.find((candidate) => candidate === code);
  return known === undefined ? String(code) : CREATIVE_ATTRIBUTE_LABELS[known];
};

/** 12 KB, 1.5 MB: as upload widgets show file sizes (binary units, like the §5 limits). */
export const fileSizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
