/**
 * Audiences as the API answers them (the shared schemas of packages/domain/src/api/audiences.ts). The server
 * validates its answers against those schemas, so the console types them without parsing again (decision 006).
 * No call answers identifiers: an upload only sends them.
 */
import type { TAudience, TAudienceUploadResult } from '@beacon/domain/api/audiences';
import type { TCampaignRow } from '@beacon/domain/api/campaigns';
import type { THistoryEntry } from '@beacon/domain/api/history';
import type {
  TAudienceCreate,
  TAudienceDuplicate,
  TAudienceIdentifiersUpload,
  TAudienceUpdate,
} from '@beacon/domain/validation/audience-form';
import { api, apiList, apiUpload } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';

export type Audience = TAudience;

/** What an identifiers upload answers: the audience (its count now updating) and what the file held. */
export type AudienceUploadResult = TAudienceUploadResult;

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

export const fetchAudienceHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/audience/${id}/history`, { signal });

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
  const { rows } = await apiList<TCampaignRow>('/campaigns', {
    params: { search: search.trim() || undefined, limit: 50, sort: 'name' },
    signal,
  });
  return rows.map((row) => ({ id: row.id, name: row.name }));
};
