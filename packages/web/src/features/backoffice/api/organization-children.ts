/** GET /organization/{id}/children (§7): the direct children of an organization, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from './organization';

export const fetchOrganizationChildren = (id: number, signal?: AbortSignal): Promise<Organization[]> =>
  api<Organization[]>(`/organization/${id}/children`, { signal });

export const organizationChildrenQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORGANIZATIONS_QUERY_KEY, 'children', id],
    queryFn: ({ signal }) => fetchOrganizationChildren(id, signal),
  });

export const useOrganizationChildren = (id: number) => useQuery(organizationChildrenQueryOptions(id));
