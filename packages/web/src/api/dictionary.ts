/** GET /dictionary (§7): every enumeration with its labels, loaded once a session exists (§4). */
import type { Dictionary } from '@beacon/domain/dictionary/catalog';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export type { Dictionary };

export const fetchDictionary = (signal?: AbortSignal): Promise<Dictionary> =>
  api<Dictionary>('/dictionary', { signal });

/**
 * Keyed by the token in use and the demo flag, so that it loads again after login, simulation, return to the
 * real user and a demo toggle (§4); `staleTime: Infinity` (set on the client) keeps it for the session.
 */
export const dictionaryQueryOptions = (token: string, isDemo: boolean) =>
  queryOptions({
    queryKey: ['dictionary', token, isDemo],
    queryFn: ({ signal }) => fetchDictionary(signal),
  });
