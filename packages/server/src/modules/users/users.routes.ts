import { PROFILE_LOGO_UPLOAD } from '@beacon/domain/validation/uploads';
import { USER_LIST_SPEC } from '@beacon/domain/validation/user-form';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { acceptMultipart, describeUploads, type UploadField } from '../../plugins/uploads';
import {
  bulkUpdateUsers,
  deleteUser,
  editUser,
  inviteUser,
  listUsers,
  setPasswordOfUser,
  updateOwnProfile,
} from './user-management.service';
import {
  ZOrganizationUserParams,
  ZOrganizationUsersParams,
  ZPasswordUpdateBody,
  ZProfileUpdate,
  ZUserCreate,
  ZUserItem,
  ZUsersBulkUpdate,
  ZUsersQuery,
  ZUserUpdate,
} from './users.schemas';

/** The profile logo of §5: png, jpeg or pdf (pictures checked as decision 035 says). */
const PROFILE_UPLOADS: Record<string, UploadField> = { logo: PROFILE_LOGO_UPLOAD };

/**
 * The user calls of spec §7 (decision 011). Managing an organization's users is the §6 `account-users`
 * resource inside the caller's tenant scope; the caller's own profile (`PUT /user`) is `account`.
 */
export const usersRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/organization/:id/users', {
    config: { access: 'account-users' },
    schema: {
      summary:
        'Users of an organization the caller may see (deleted ones never); `include_children=1` adds its descendants’',
      description: describeListQuery(USER_LIST_SPEC),
      tags: ['users'],
      params: ZOrganizationUsersParams,
      querystring: ZUsersQuery,
      response: { 200: ZUserItem.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listUsers(
        app.deps,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  app.post('/organization/:id/user', {
    config: { access: 'account-users' },
    schema: {
      summary: 'Invite (create) a user of the organization, with a role the caller may give',
      tags: ['users'],
      params: ZOrganizationUsersParams,
      body: ZUserCreate,
      response: { 201: ZUserItem },
    },
    handler: async (request, reply) => {
      const user = await inviteUser(app.deps, principalOf(request), request.params.id, request.body);
      return reply.status(201).send(user);
    },
  });

  app.put('/organization/:id/user/:userId', {
    config: { access: 'account-users' },
    schema: {
      summary:
        'Change a user of the organization (role, name, email, phone, advertisers, flags); stale version → 409',
      tags: ['users'],
      params: ZOrganizationUserParams,
      body: ZUserUpdate,
      response: { 200: ZUserItem },
    },
    handler: async (request) =>
      editUser(app.deps, principalOf(request), request.params.id, request.params.userId, request.body),
  });

  app.delete('/organization/:id/user/:userId', {
    config: { access: 'account-users' },
    schema: {
      summary: 'Delete a user of the organization (state deleted; its sessions end)',
      tags: ['users'],
      params: ZOrganizationUserParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await deleteUser(app.deps, principalOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.put('/v2/organization/:id/users', {
    config: { access: 'account-users' },
    schema: {
      summary:
        'The same changes (role, flags, state) on several users of the organization or its descendants',
      tags: ['users'],
      params: ZOrganizationUsersParams,
      body: ZUsersBulkUpdate,
      response: { 200: ZUserItem.array() },
    },
    handler: async (request) =>
      bulkUpdateUsers(app.deps, principalOf(request), request.params.id, request.body),
  });

  app.put('/organization/:id/user/:userId/password', {
    config: { access: 'account-users' },
    schema: {
      summary:
        "Set another user's password (internal staff, or an owner for its organization); its sessions end",
      tags: ['users'],
      params: ZOrganizationUserParams,
      body: ZPasswordUpdateBody,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await setPasswordOfUser(
        app.deps,
        principalOf(request),
        request.params.id,
        request.params.userId,
        request.body.password,
      );
      return reply.status(204).send(null);
    },
  });

  app.put('/user', {
    config: { access: 'account' },
    preValidation: acceptMultipart(PROFILE_UPLOADS),
    schema: {
      summary: "The caller's own profile: name, email, decimal mark and logo",
      description: describeUploads(PROFILE_UPLOADS),
      tags: ['users'],
      body: ZProfileUpdate,
      response: { 200: ZUserItem },
    },
    handler: async (request) =>
      updateOwnProfile(app.deps, principalOf(request), request.body, request.uploads.logo),
  });
};
