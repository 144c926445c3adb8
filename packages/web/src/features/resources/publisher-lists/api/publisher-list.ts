/**
 * Publisher lists as the API answers them (the shared schemas of packages/domain/src/api/publisher-lists.ts,
 * which the server validates its answers with, so the console types them without parsing again, decision 006), and the calls of the publisher list screens (decision 018).
 */

import type { THistoryEntry } from '@beacon/domain/api/history';
import type {
  TCataloguePublisher,
  TPublisherEntry,
  TPublisherListRow,
} from '@beacon/domain/api/publisher-lists';
import type {
  TPublisherChangesInput,
  TPublisherListCreateInput,
  TPublisherListDuplicate,
  TPublisherListUpdate,
  TPublisherUpload,
} from '@beacon/domain/validation/publisher-list';
import { api, apiList, apiUpload } from '../../../../api/client';
import type { ListFetcher } from '../../../../api/list-query';
import { listFetcher, toListParams } from '../../../../api/list-query';

export type PublisherListRow = TPublisherListRow;

/** One publisher of a list: a web domain or an app bundle or store id, with its catalogue name if known. */
export type PublisherEntry = TPublisherEntry;

export type CataloguePublisher = TCataloguePublisher;

export const PUBLISHER_LISTS_QUERY_KEY = ['publisher-lists'] as const;
export const PUBLISHER_LIST_LIST_QUERY_KEY = [...PUBLISHER_LISTS_QUERY_KEY, 'list'] as const;
export const publisherListQueryKey = (id: number) => [...PUBLISHER_LISTS_QUERY_KEY, 'one', id] as const;
export const publisherEntriesQueryKey = (id: number) =>
  [...PUBLISHER_LISTS_QUERY_KEY, 'entries', id] as const;
export const PUBLISHER_CATALOGUE_QUERY_KEY = ['publishers'] as const;

export const publisherListPath = (id: number): string => `/resources/publisher/${id}`;

export const fetchPublisherLists = listFetcher<PublisherListRow>('/publisher-lists');

export const fetchPublisherList = (id: number, signal?: AbortSignal): Promise<PublisherListRow> =>
  api<PublisherListRow>(`/publisher-list/${id}`, { signal });

export const publisherEntriesFetcher = (id: number): ListFetcher<PublisherEntry> =>
  listFetcher<PublisherEntry>(`/publisher-list/${id}/publishers`);

/** GET /publishers: the catalogue rows matching `search`, best few first. */
export const searchCatalogue = async (
  search: string,
  limit: number,
  signal: AbortSignal,
): Promise<{ rows: CataloguePublisher[]; total: number }> =>
  apiList<CataloguePublisher>('/publishers', {
    params: toListParams({ page: 1, limit, search, filters: [] }),
    signal,
  });

/** The multipart field of the publishers file, and the one of the JSON (the server's convention). */
const FILE_FIELD = 'file';
const DATA_FIELD = 'data';

export type PublisherUpload = { readonly file: File; readonly onProgress: (sent: number) => void };

const multipart = (data: object, file: File): FormData => {
  const form = new FormData();
  form.append(DATA_FIELD, JSON.stringify(data));
  form.append(FILE_FIELD, file, file.name);
  return form;
};

/** POST /publisher-list: the fields as JSON, the publishers from a file when one is given. */
export const createPublisherList = (
  body: TPublisherListCreateInput,
  upload?: PublisherUpload,
): Promise<PublisherListRow> =>
  upload
    ? apiUpload<PublisherListRow>('/publisher-list', {
        method: 'POST',
        body: multipart(body, upload.file),
        onProgress: upload.onProgress,
      })
    : api<PublisherListRow>('/publisher-list', { method: 'POST', body });

/** PUT /publisher-list/{id}: name and kind at the version read (409 when stale). */
export const updatePublisherList = (id: number, body: TPublisherListUpdate): Promise<PublisherListRow> =>
  api<PublisherListRow>(`/publisher-list/${id}`, { method: 'PUT', body });

/** POST /publisher-list/{id}/publishers: a file that replaces or adds to the publishers, at the version read. */
export const uploadPublishers = (
  id: number,
  body: TPublisherUpload,
  upload: PublisherUpload,
): Promise<PublisherListRow> =>
  apiUpload<PublisherListRow>(`/publisher-list/${id}/publishers`, {
    method: 'POST',
    body: multipart(body, upload.file),
    onProgress: upload.onProgress,
  });

/** PUT /publisher-list/{id}/publishers: named publishers added and removed, at the version read. */
export const changePublishers = (id: number, body: TPublisherChangesInput): Promise<PublisherListRow> =>
  api<PublisherListRow>(`/publisher-list/${id}/publishers`, { method: 'PUT', body });

export const deletePublisherList = (id: number, version: number): Promise<void> =>
  api<void>(`/publisher-list/${id}`, { method: 'DELETE', params: { version } });

export const duplicatePublisherList = (
  id: number,
  body: TPublisherListDuplicate,
): Promise<PublisherListRow> =>
  api<PublisherListRow>(`/publisher-list/${id}/duplicate`, { method: 'POST', body });

export const fetchPublisherListHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/publisher-list/${id}/history`, { signal });
