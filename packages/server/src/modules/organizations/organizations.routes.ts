import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-query';
import { ZOrganization, ZOrganizationParams } from './organizations.schemas';
import {
  findVisibleOrganization,
  listVisibleChildren,
  listVisibleOrganizations,
} from './organizations.service';

/** The access plugin has already refused a request without a session; this narrows the type. */
const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
  return request.principal;
};

/**
 * Organization reads of spec §7. All three are the `account` resource (every role, every organization role)
 * and rely on the tenant scope for what each caller sees (decision 009).
 */
export const organizationsRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/v2/organization/:id', {
    config: { access: 'account' },
    schema: {
      summary: 'One organization the caller may see (its own, a descendant, or any for operator staff)',
      tags: ['organizations'],
      params: ZOrganizationParams,
      response: { 200: ZOrganization },
    },
    handler: async (request) => findVisibleOrganization(app.deps.db, principalOf(request), request.params.id),
  });

  app.get('/organization/:id/children', {
    config: { access: 'account' },
    schema: {
      summary: 'The direct children of an organization the caller may see, by name (deleted ones left out)',
      tags: ['organizations'],
      params: ZOrganizationParams,
      response: { 200: ZOrganization.array() },
    },
    handler: async (request) => listVisibleChildren(app.deps.db, principalOf(request), request.params.id),
  });

  app.get('/organizations', {
    config: { access: 'account' },
    schema: {
      summary: 'Organizations the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(ORGANIZATION_LIST_SPEC),
      tags: ['organizations'],
      querystring: ZListQuery(ORGANIZATION_LIST_SPEC),
      response: { 200: ZOrganization.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleOrganizations(
        app.deps.db,
        principalOf(request),
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });
};
