/**
 * The user calls of spec §7 under an organization: the users list (list conventions, `x-total-count`, the
 * children's users with `include_children=1`), invite, edit, delete, bulk changes and a password set by a
 * manager. Bodies follow the domain's schemas (validation/user-form.ts), which the server validates them with.
 */
import type {
  TUserCreateInput,
  TUserItem,
  TUsersBulkUpdateInput,
  TUserUpdateInput,
} from '@beacon/domain/validation/user-form';
import { api, apiList, type ListResponse } from '../../../api/client';
import type { ListFetcher } from '../../../api/list-query';
import { toListParams } from '../../../api/list-query';

export type AccountUser = TUserItem;

/** The cache key of every users list; a write invalidates it whole. */
export const USERS_QUERY_KEY = ['organization-users'] as const;

/** GET /organization/{id}/users with the list conventions; `includeChildren` adds the children's users. */
export const usersFetcher =
  (organizationId: number, includeChildren: boolean): ListFetcher<AccountUser> =>
  (query, signal): Promise<ListResponse<AccountUser>> =>
    apiList<AccountUser>(`/organization/${organizationId}/users`, {
      params: { ...toListParams(query), include_children: includeChildren ? 1 : undefined },
      signal,
    });

/** POST /organization/{id}/user: invites a user into the organization of the path. */
export const createUser = (organizationId: number, body: TUserCreateInput): Promise<AccountUser> =>
  api<AccountUser>(`/organization/${organizationId}/user`, { method: 'POST', body });

/** PUT /organization/{id}/user/{userId}: only the fields sent change; `version` guards against stale edits. */
export const updateUser = (
  organizationId: number,
  userId: number,
  body: TUserUpdateInput,
): Promise<AccountUser> =>
  api<AccountUser>(`/organization/${organizationId}/user/${userId}`, { method: 'PUT', body });

/** DELETE /organization/{id}/user/{userId}. */
export const deleteUser = async (organizationId: number, userId: number): Promise<void> => {
  await api<unknown>(`/organization/${organizationId}/user/${userId}`, { method: 'DELETE' });
};

/** PUT /v2/organization/{id}/users: the same changes on every selected user. */
export const bulkUpdateUsers = async (organizationId: number, body: TUsersBulkUpdateInput): Promise<void> => {
  await api<unknown>(`/v2/organization/${organizationId}/users`, { method: 'PUT', body });
};

/** The password update of §7 (organizationId, userId, password): a manager sets another user's password. */
export const setUserPassword = async (
  organizationId: number,
  userId: number,
  password: string,
): Promise<void> => {
  await api<unknown>(`/organization/${organizationId}/user/${userId}/password`, {
    method: 'PUT',
    body: { password },
  });
};
