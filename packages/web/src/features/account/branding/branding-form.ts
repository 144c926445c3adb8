/**
 * The branding form of a customized organization (spec §3: own logo, title, favicon and colour): its values,
 * their checks and the JSON part of PUT /v2/organization/{id}. Pure, unit-tested.
 */
import { INVALID_FORMAT_MESSAGE, maxLengthMessage } from '@beacon/domain/validation/messages';
import { TITLE_MAX_LENGTH } from '@beacon/domain/validation/organization-form';
import type { FieldErrors } from '../../../lib/form-errors';

export type BrandingValues = { readonly title: string; readonly color: string };

export type BrandingField = keyof BrandingValues;

export const BRANDING_FIELDS: readonly BrandingField[] = ['title', 'color'];

export const brandingValuesOf = (organization: {
  readonly title: string | null;
  readonly color: string | null;
}): BrandingValues => ({ title: organization.title ?? '', color: organization.color ?? '' });

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A colour as the API stores it: `#rrggbb` in lower case (`#0B6` and `0b6e4f` are accepted as typed), null for
 * none, undefined when the text is not a colour.
 */
export const normalizeColor = (text: string): string | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = HEX.exec(trimmed);
  if (!match?.[1]) return undefined;
  const digits = match[1].toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => `${digit}${digit}`).join('') : digits}`;
};

export const brandingErrors = (values: BrandingValues): FieldErrors<BrandingField> => ({
  ...(values.title.trim().length > TITLE_MAX_LENGTH ? { title: maxLengthMessage(TITLE_MAX_LENGTH) } : {}),
  ...(normalizeColor(values.color) === undefined ? { color: INVALID_FORMAT_MESSAGE } : {}),
});

/** Title and colour as sent: blank text clears them (null), the product's own then shows. */
export const brandingPayload = (values: BrandingValues): { title: string | null; color: string | null } => ({
  title: values.title.trim() === '' ? null : values.title.trim(),
  color: normalizeColor(values.color) ?? null,
});

/** A file of the branding: a new one chosen, or the stored one to remove. */
export type BrandingFile = { readonly file: File | null; readonly isRemoved: boolean };

export type BrandingFileChanges = { readonly logo: BrandingFile; readonly favicon: BrandingFile };

export const NO_FILE_CHANGES: BrandingFileChanges = {
  logo: { file: null, isRemoved: false },
  favicon: { file: null, isRemoved: false },
};

const isFileChanged = ({ file, isRemoved }: BrandingFile): boolean => file !== null || isRemoved;

/** Removals go in the JSON as null (`image` is the logo); a new file wins over a removal. */
export const fileRemovals = ({ logo, favicon }: BrandingFileChanges): { image?: null; favicon?: null } => ({
  ...(logo.isRemoved && !logo.file ? { image: null } : {}),
  ...(favicon.isRemoved && !favicon.file ? { favicon: null } : {}),
});

export const isBrandingDirty = (
  saved: BrandingValues,
  values: BrandingValues,
  files: BrandingFileChanges,
): boolean => {
  const before = brandingPayload(saved);
  const after = brandingPayload(values);
  return (
    isFileChanged(files.logo) ||
    isFileChanged(files.favicon) ||
    before.title !== after.title ||
    // A colour being typed (not valid yet) is a change too.
    (normalizeColor(values.color) === undefined
      ? values.color.trim() !== saved.color
      : before.color !== after.color)
  );
};
