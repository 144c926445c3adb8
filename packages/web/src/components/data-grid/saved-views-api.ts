/**
 * The caller's saved views of a grid (docs/api.md "Saved views"): one cached list per user and grid, refreshed
 * after every save, rename and delete.
 */
import type { TCreateSavedView, TSavedView, TUpdateSavedView } from '@beacon/domain/api/saved-views';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { selectActiveIdentity, useSessionStore } from '../../app/session/session-store';

export const SAVED_VIEWS_QUERY_KEY = ['saved-views'] as const;

export const savedViewsQueryKey = (userId: number | undefined, grid: string) =>
  [...SAVED_VIEWS_QUERY_KEY, userId ?? 0, grid] as const;

export const useSavedViews = (grid: string) => {
  const userId = useSessionStore(selectActiveIdentity)?.user.id;
  return useQuery({
    queryKey: savedViewsQueryKey(userId, grid),
    queryFn: ({ signal }) => api<TSavedView[]>('/saved-views', { params: { grid }, signal }),
    enabled: userId !== undefined,
  });
};

export const createSavedView = (body: TCreateSavedView) =>
  api<TSavedView>('/saved-views', { method: 'POST', body });

export const updateSavedView = (id: number, body: TUpdateSavedView) =>
  api<TSavedView>(`/saved-views/${id}`, { method: 'PATCH', body });

export const deleteSavedView = (id: number) => api<null>(`/saved-views/${id}`, { method: 'DELETE' });
