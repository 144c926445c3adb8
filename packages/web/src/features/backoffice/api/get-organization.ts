/** GET /v2/organization/{id} (§7): one organization the caller may see. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from './organization';

export const fetchOrganization = (id: number, signal?: AbortSignal): Promise<Organization> =>
  api<Organization>(`/v2/organization/${id}`, { signal });

export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORGANIZATIONS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => fetchOrganization(id, signal),
  });

export const useOrganization = (id: number | null) =>
  useQuery({ ...organizationQueryOptions(id ?? 0), enabled: id !== null });
