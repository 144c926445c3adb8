/**
 * The writes of the creatives screens: create, update, delete, duplicate, link to campaigns, the
 * uploads of a creative's files (multipart `file`, with progress) and tags in bulk from an XLSX sheet.
 */
import { CREATIVE_CREATE_FILE_FIELDS } from '@beacon/domain/validation/creative-asset';
import type { TCreativeCreate, TCreativeUpdate } from '@beacon/domain/validation/creative-form';
import { api, apiUpload } from '../../../api/client';
import type { Creative, CreativeRow } from '../../../components/creative/api/creative';

export const createCreative = (body: TCreativeCreate): Promise<Creative> =>
  api<Creative>('/creative', { method: 'POST', body });

/** PUT /creative/{id} at the version read (409 when stale); a content change sends it back to approval. */
export const updateCreative = (id: number, body: TCreativeUpdate): Promise<Creative> =>
  api<Creative>(`/creative/${id}`, { method: 'PUT', body });

export const deleteCreative = (id: number, version: number): Promise<void> =>
  api<void>(`/creative/${id}`, { method: 'DELETE', params: { version } });

export const duplicateCreative = (id: number): Promise<Creative> =>
  api<Creative>(`/creative/${id}/duplicate`, { method: 'POST', body: {} });

export const linkCreativeToCampaigns = (id: number, campaignIds: readonly number[]): Promise<Creative> =>
  api<Creative>(`/creative/${id}/campaigns`, { method: 'POST', body: { campaign_ids: campaignIds } });

/** The files of a creative: the main asset, a video's companion ad, a native creative's icon. */
export const CREATIVE_FILE_SLOTS = ['asset', 'companion', 'native-icon'] as const;
export type CreativeFileSlot = (typeof CREATIVE_FILE_SLOTS)[number];

export type Upload = { readonly file: File; readonly onProgress: (sent: number) => void };

const fileForm = (file: File): FormData => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** The multipart field of each slot when a creative is created with its files. */
const CREATE_FIELD_OF_SLOT = Object.fromEntries(
  Object.entries(CREATIVE_CREATE_FILE_FIELDS).map(([field, slot]) => [slot, field]),
) as Record<CreativeFileSlot, string>;

/** The slot a refusal of `POST /creative` with files names by its field (`file`, `companion`, `native_icon`). */
export const slotOfCreateField = (field: string): CreativeFileSlot | undefined =>
  Object.hasOwn(CREATIVE_CREATE_FILE_FIELDS, field)
    ? CREATIVE_CREATE_FILE_FIELDS[field as keyof typeof CREATIVE_CREATE_FILE_FIELDS]
    : undefined;

/**
 * POST /creative with its files in one request (multipart: the JSON in `data`, then the files). Every file is
 * checked first: a refused one creates nothing and answers 400 on its field, so no creative is left without
 * its file.
 */
export const createCreativeWithFiles = (
  body: TCreativeCreate,
  files: Partial<Record<CreativeFileSlot, File>>,
  onProgress: (sent: number) => void,
): Promise<Creative> => {
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  for (const slot of CREATIVE_FILE_SLOTS) {
    const file = files[slot];
    if (file) form.append(CREATE_FIELD_OF_SLOT[slot], file, file.name);
  }
  return apiUpload<Creative>('/creative', { method: 'POST', body: form, onProgress });
};

/** Checked by content on the server; a rejected file answers 400 with the §5 hint and stores nothing. */
export const uploadCreativeFile = (id: number, slot: CreativeFileSlot, upload: Upload): Promise<Creative> =>
  apiUpload<Creative>(`/creative/${id}/${slot}`, {
    method: 'POST',
    body: fileForm(upload.file),
    onProgress: upload.onProgress,
  });

/** One row of a refused bulk sheet (the sheet's row number) and what is wrong with it. */
export type { BulkTagRowError } from '@beacon/domain/validation/creative-bulk-tags';

/** POST /creatives/bulk-tags: every row created, or none (400 with the errors of each row, `rows`). */
export const uploadBulkTags = (
  organization: number | null,
  upload: Upload,
): Promise<readonly CreativeRow[]> => {
  const form = new FormData();
  // The options go first as JSON in `data` (the server's multipart convention), then the sheet.
  if (organization !== null) form.append('data', JSON.stringify({ organization }));
  form.append('file', upload.file, upload.file.name);
  return apiUpload<readonly CreativeRow[]>('/creatives/bulk-tags', {
    method: 'POST',
    body: form,
    onProgress: upload.onProgress,
  });
};
