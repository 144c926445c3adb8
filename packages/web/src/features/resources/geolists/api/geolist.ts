/**
 * Geolists as the API answers them (the shared schemas of packages/domain/src/api/geolists.ts, which the server
 * validates its answers with, so the console types them without parsing again, decision 006), and the calls of
 * the geolists screens. Writes answer the geolist without its areas; GET /geolist/{id} reads them (decision 015).
 */
import type { TGeolist, TGeolistRow } from '@beacon/domain/api/geolists';
import type { THistoryEntry } from '@beacon/domain/api/history';
import type {
  TGeolistAreasReplace,
  TGeolistCreate,
  TGeolistDuplicate,
  TGeolistUpdate,
} from '@beacon/domain/validation/geolist-form';
import { api, apiUpload } from '../../../../api/client';
import { listFetcher } from '../../../../api/list-query';

export type GeolistRow = TGeolistRow;

/** One geolist with its areas, in their order. */
export type Geolist = TGeolist;

export const GEOLISTS_QUERY_KEY = ['geolists'] as const;
export const GEOLIST_LIST_QUERY_KEY = [...GEOLISTS_QUERY_KEY, 'list'] as const;
export const geolistQueryKey = (id: number) => [...GEOLISTS_QUERY_KEY, 'one', id] as const;

export const geolistPath = (id: number): string => `/resources/geolist/${id}`;

export const fetchGeolists = listFetcher<GeolistRow>('/geolists');

export const fetchGeolist = (id: number, signal?: AbortSignal): Promise<Geolist> =>
  api<Geolist>(`/geolist/${id}`, { signal });

/** The multipart field of the areas file, and the one of the JSON (the server's convention). */
const FILE_FIELD = 'file';
const DATA_FIELD = 'data';

type Upload = { readonly file: File; readonly onProgress: (sent: number) => void };

const multipart = (data: object, file: File): FormData => {
  const form = new FormData();
  form.append(DATA_FIELD, JSON.stringify(data));
  form.append(FILE_FIELD, file, file.name);
  return form;
};

/** POST /geolist: the fields as JSON, the areas from a .csv or .json file when one is given. */
export const createGeolist = (body: TGeolistCreate, upload?: Upload): Promise<GeolistRow> =>
  upload
    ? apiUpload<GeolistRow>('/geolist', {
        method: 'POST',
        body: multipart(body, upload.file),
        onProgress: upload.onProgress,
      })
    : api<GeolistRow>('/geolist', { method: 'POST', body });

/** PUT /geolist/{id} at the version read (409 when stale); `areas` replaces them all. */
export const updateGeolist = (id: number, body: TGeolistUpdate): Promise<GeolistRow> =>
  api<GeolistRow>(`/geolist/${id}`, { method: 'PUT', body });

/** PUT /geolist/{id}/areas: the areas of an uploaded file replace them all, at the version read. */
export const replaceGeolistAreas = (
  id: number,
  body: TGeolistAreasReplace,
  upload: Upload,
): Promise<GeolistRow> =>
  apiUpload<GeolistRow>(`/geolist/${id}/areas`, {
    method: 'PUT',
    body: multipart(body, upload.file),
    onProgress: upload.onProgress,
  });

export const deleteGeolist = (id: number, version: number): Promise<void> =>
  api<void>(`/geolist/${id}`, { method: 'DELETE', params: { version } });

export const duplicateGeolist = (id: number, body: TGeolistDuplicate): Promise<GeolistRow> =>
  api<GeolistRow>(`/geolist/${id}/duplicate`, { method: 'POST', body });

export const fetchGeolistHistory = (id: number, signal: AbortSignal): Promise<THistoryEntry[]> =>
  api<THistoryEntry[]>(`/geolist/${id}/history`, { signal });
