/**
 * Audiences as the API answers them (packages/server/src/modules/audiences/audiences.schemas.ts). The server
 * validates its answers against those schemas, so the console types them without parsing again (decision 006).
 * No call answers identifiers: an upload only sends them.
 */
import type { AudienceKpi, AudienceState, AudienceType } from '@beacon/domain/dictionary/audiences';
import type {
  TAudienceCreate,
  TAudienceDuplicate,
  TAudienceIdentifiersUpload,
  TAudienceUpdate,
} from '@beacon/domain/validation/audience-form';
import { api, apiList, apiUpload } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';
import type { HistoryEntry } from '../../components/HistoryDialog';

export type Audience = {
  readonly id: number;
  readonly organization: number;
  readonly organization_name: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: AudienceType;
  readonly state: AudienceState;
  readonly kpis: readonly AudienceKpi[];
  readonly campaigns: readonly number[];
  readonly is_shared: boolean;
  /** Null while the count is being worked out after an upload (shown as "Updating…"). */
  readonly users_count: number | null;
  readonly users_counted_at: string | null;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
};

export type AudienceUploadResult = {
  readonly audience: Audience;
  readonly lines: number;
  readonly identifiers: number;
};

/** A campaign to choose for an interaction audience. */
export type CampaignChoice = { readonly id: number; readonly name: string };

export const AUDIENCES_QUERY_KEY = ['audiences'] as const;
export const AUDIENCE_LIST_QUERY_KEY = [...AUDIENCES_QUERY_KEY, 'list'] as const;
export const AUDIENCE_SEGMENT_LIST_QUERY_KEY = [...AUDIENCES_QUERY_KEY, 'segments'] as const;

export const fetchAudiences = listFetcher<Audience>('/audiences');
export const fetchAudienceSegments = listFetcher<Audience>('/audience-segments');

export const audiencePath = (id: number): string => `/resources/audience/${id}`;

export const audienceQueryKey = (id: number) => [...AUDIENCES_QUERY_KEY, 'one', id] as const;

export const fetchAudience = (id: number, signal?: AbortSignal): Promise<Audience> =>
  api<Audience>(`/audience/${id}`, { signal });

export const createAudience = (body: TAudienceCreate): Promise<Audience> =>
  api<Audience>('/audience', { method: 'POST', body });

/** PUT at the version read (409 when stale). */
export const updateAudience = (id: number, body: TAudienceUpdate): Promise<Audience> =>
  api<Audience>(`/audience/${id}`, { method: 'PUT', body });

export const deleteAudience = (id: number, version: number): Promise<void> =>
  api<void>(`/audience/${id}`, { method: 'DELETE', params: { version } });

export const duplicateAudience = (id: number, body: TAudienceDuplicate): Promise<Audience> =>
  api<Audience>(`/audience/${id}/duplicate`, { method: 'POST', body });

export const fetchAudienceHistory = (id: number, signal: AbortSignal): Promise<HistoryEntry[]> =>
  api<HistoryEntry[]>(`/audience/${id}/history`, { signal });

/** The upload's fields go first (the server reads the checkbox before the file), then the file. */
export const uploadAudienceIdentifiers = (
  id: number,
  fields: TAudienceIdentifiersUpload,
  file: File,
  onProgress: (sent: number) => void,
): Promise<AudienceUploadResult> => {
  const body = new FormData();
  body.append('data', JSON.stringify(fields));
  body.append('file', file);
  return apiUpload<AudienceUploadResult>(`/audience/${id}/identifiers`, { body, onProgress });
};

/** Campaigns whose name matches, for the interaction audience's choice (the caller's scope). */
export const searchCampaigns = async (search: string, signal?: AbortSignal): Promise<CampaignChoice[]> => {
  const { rows } = await apiList<CampaignChoice>('/campaigns', {
    params: { search: search.trim() || undefined, limit: 50, sort: 'name' },
    signal,
  });
  return rows.map((row) => ({ id: row.id, name: row.name }));
};
