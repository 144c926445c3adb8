import {
  DEAL_LIST_SPEC,
  ZDealCreate,
  ZDealDuplicate,
  ZDealUpdate,
} from '@beacon/domain/validation/deal-form';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { ZIdParams, ZVersionQuery } from '../campaigns/campaigns.schemas';
import { ZConflictBody, ZDeal, ZDealHistoryEntry, ZDealRow } from './deals.schemas';
import {
  createDeal,
  dealHistory,
  deleteDeal,
  duplicateDeal,
  getDeal,
  listVisibleDeals,
  updateDeal,
} from './deals.service';

/**
 * Deals (decision 016): every call is §6 `resources deals` (no viewer, advertiser, ad exchange,
 * audience or creative manager; no data-partner or other-partner organization); writes need an edit role (the
 * service answers 403); a deal outside the caller's scope answers 404 whatever the call.
 */
export const dealsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/deals', {
    config: { access: 'resources-deals' },
    schema: {
      summary: 'Deals of the organizations the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(DEAL_LIST_SPEC),
      tags: ['deals'],
      querystring: ZListQuery(DEAL_LIST_SPEC),
      response: { 200: ZDealRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleDeals(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/deal', {
    config: { access: 'resources-deals' },
    schema: {
      summary: 'Create a deal (the ID at the exchange is unique per supply partner within an organization)',
      tags: ['deals'],
      body: ZDealCreate,
      response: { 201: ZDeal, 409: ZConflictBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createDeal(deps, principalOf(request), request.body)),
  });

  app.get('/deal/:id', {
    config: { access: 'resources-deals' },
    schema: {
      summary: 'One deal, with its monitor numbers (requests, impressions) where delivery data exists',
      tags: ['deals'],
      params: ZIdParams,
      response: { 200: ZDeal },
    },
    handler: async (request) => getDeal(deps, principalOf(request), request.params.id),
  });

  app.put('/deal/:id', {
    config: { access: 'resources-deals' },
    schema: {
      summary:
        'Change a deal at the version last read (409 when stale or when the ID at the exchange is taken)',
      tags: ['deals'],
      params: ZIdParams,
      body: ZDealUpdate,
      response: { 200: ZDeal, 409: ZConflictBody },
    },
    handler: async (request) => updateDeal(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/deal/:id', {
    config: { access: 'resources-deals' },
    schema: {
      summary: 'Delete a deal (state deleted, kept with its history; its ID at the exchange is free again)',
      tags: ['deals'],
      params: ZIdParams,
      querystring: ZVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteDeal(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/deal/:id/duplicate', {
    config: { access: 'resources-deals' },
    schema: {
      summary:
        'A copy of a deal (inactive); 409 with the deal duplication error when the copy’s ID would clash',
      tags: ['deals'],
      params: ZIdParams,
      body: ZDealDuplicate,
      response: { 201: ZDeal, 409: ZConflictBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await duplicateDeal(deps, principalOf(request), request.params.id, request.body)),
  });

  app.get('/deal/:id/history', {
    config: { access: 'resources-deals' },
    schema: {
      summary: 'Who changed what and when on the deal, newest first',
      tags: ['deals'],
      params: ZIdParams,
      response: { 200: ZDealHistoryEntry.array() },
    },
    handler: async (request) => dealHistory(deps, principalOf(request), request.params.id),
  });
};
