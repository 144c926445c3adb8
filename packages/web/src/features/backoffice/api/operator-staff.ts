/**
 * GET /organization/{id}/users (§7) of the operator's own organization: the staff an organization's contacts
 * (client services owner, sales owner, support) are chosen from, by name.
 */
import { MAX_LIST_LIMIT } from '@beacon/domain/dictionary/constants';
import type { TUserItem } from '@beacon/domain/validation/user-form';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../../../api/client';

export type StaffUser = TUserItem;

export const fetchOrganizationUsers = async (
  organizationId: number,
  signal?: AbortSignal,
): Promise<StaffUser[]> => {
  const { rows } = await apiList<StaffUser>(`/organization/${organizationId}/users`, {
    params: { limit: MAX_LIST_LIMIT, sort: 'name' },
    signal,
  });
  return rows;
};

export const operatorStaffQueryOptions = (operatorOrganizationId: number) =>
  queryOptions({
    queryKey: ['organization-users', operatorOrganizationId, 'staff'],
    queryFn: ({ signal }) => fetchOrganizationUsers(operatorOrganizationId, signal),
  });
