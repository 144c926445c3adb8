/**
 * GET /campaign/{id}/export?format=csv|xlsx: the full configuration of one campaign and its strategies, as
 * `campaign-{id}.csv` (two sections) or `campaign-{id}.xlsx` (sheets Campaign and Strategies). The address
 * carries the session token (§7: a download made outside the client's JSON calls puts token and demo flag in
 * the query); the file is read as bytes, so a workbook arrives intact, and a refusal shows as an error
 * instead of a saved error page.
 */
import { mapRequestException, mapResponseFailure } from '../../../api/api-error';
import { newTabUrl } from '../../../api/client';

export const CAMPAIGN_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CampaignExportFormat = (typeof CAMPAIGN_EXPORT_FORMATS)[number];

export const CAMPAIGN_EXPORT_FORMAT_LABELS = {
  csv: 'CSV',
  xlsx: 'Excel workbook (XLSX)',
} as const satisfies Record<CampaignExportFormat, string>;

export const campaignExportFileName = (id: number, format: CampaignExportFormat): string =>
  `campaign-${id}.${format}`;

export const campaignExportUrl = (id: number, format: CampaignExportFormat): string =>
  newTabUrl(`/campaign/${id}/export`, { format });

const saveBlob = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = filename;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};

/** Downloads the export and saves it as `campaign-{id}.{format}`; a failure is thrown as an ApiError (§8). */
export const downloadCampaignExport = async (
  id: number,
  format: CampaignExportFormat,
  signal?: AbortSignal,
): Promise<void> => {
  let response: Response;
  try {
    response = await fetch(campaignExportUrl(id, format), { signal: signal ?? null });
  } catch (error) {
    throw mapRequestException(error, signal);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text is the message.
    }
    // A button must not log the user out or move them away: the dialog shows the error.
    throw mapResponseFailure(response.status, body, { hasSession: true }).error;
  }
  saveBlob(await response.blob(), campaignExportFileName(id, format));
};
