import { PUBLISHER_LIST_LIST_SPEC } from '@beacon/domain/validation/publisher-list';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-query';
import { ZOrganizationParams } from '../organizations/organizations.schemas';
import { ZPublisherList } from './publisher-lists.schemas';
import { listVisiblePublisherLists } from './publisher-lists.service';

const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
  return request.principal;
};

/**
 * §7 `GET /v2/organization/{id}/publishers-lists`: the `resources-publishers` resource of §6 (no viewer,
 * advertiser, ad exchange, audience or creative manager; no partner organization), scoped by the tenant tree.
 */
export const publisherListsRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/v2/organization/:id/publishers-lists', {
    config: { access: 'resources-publishers' },
    schema: {
      summary:
        "An organization's publisher lists (allow and block); deleted ones only when filtering on `state`",
      description: describeListQuery(PUBLISHER_LIST_LIST_SPEC),
      tags: ['publisher lists'],
      params: ZOrganizationParams,
      querystring: ZListQuery(PUBLISHER_LIST_LIST_SPEC),
      response: { 200: ZPublisherList.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisiblePublisherLists(
        app.deps.db,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });
};
