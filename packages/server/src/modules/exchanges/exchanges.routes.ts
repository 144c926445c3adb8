import {
  EXCHANGE_LIST_SPEC,
  ZExchange,
  ZExchangeCreate,
  ZExchangeRow,
  ZExchangeUpdate,
} from '@beacon/domain/api/exchanges';
import { ZHistoryEntry } from '@beacon/domain/api/history';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { ZIdParams, ZVersionQuery } from '../campaigns/campaigns.schemas';
import { ZConflictBody } from '../deals/deals.schemas';
import {
  createExchange,
  deleteExchange,
  exchangeHistory,
  getExchange,
  listExchanges,
  rotateExchangeToken,
  updateExchange,
} from './exchanges.service';

/**
 * The bidder's exchanges (docs/engine.md) in the back office: §6 `backoffice`, and the service lets in only the
 * operator's internal staff (403 otherwise); every one of them may change exchanges.
 */
export const exchangesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/backoffice/exchanges', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'The exchanges the bidder answers (deleted ones left out), by name unless sorted',
      description: describeListQuery(EXCHANGE_LIST_SPEC),
      tags: ['backoffice'],
      querystring: ZListQuery(EXCHANGE_LIST_SPEC),
      response: { 200: ZExchangeRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listExchanges(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/backoffice/exchanges', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Create an exchange; its token is generated and answered (409 when the key is taken)',
      tags: ['backoffice'],
      body: ZExchangeCreate,
      response: { 201: ZExchange, 409: ZConflictBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createExchange(deps, principalOf(request), request.body)),
  });

  app.get('/backoffice/exchanges/:id', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'One exchange, with its token',
      tags: ['backoffice'],
      params: ZIdParams,
      response: { 200: ZExchange },
    },
    handler: async (request) => getExchange(deps, principalOf(request), request.params.id),
  });

  app.put('/backoffice/exchanges/:id', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Change an exchange at the version last read (409 when stale or when the key is taken)',
      tags: ['backoffice'],
      params: ZIdParams,
      body: ZExchangeUpdate,
      response: { 200: ZExchange, 409: ZConflictBody },
    },
    handler: async (request) => updateExchange(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/backoffice/exchanges/:id', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Delete an exchange (kept with its history; the bidder no longer answers its key)',
      tags: ['backoffice'],
      params: ZIdParams,
      querystring: ZVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteExchange(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/backoffice/exchanges/:id/token', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Give an exchange a new token (the old one stops working); history records only the change',
      tags: ['backoffice'],
      params: ZIdParams,
      response: { 200: ZExchange },
    },
    handler: async (request) => rotateExchangeToken(deps, principalOf(request), request.params.id),
  });

  app.get('/backoffice/exchanges/:id/history', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Who changed what and when on the exchange, newest first',
      tags: ['backoffice'],
      params: ZIdParams,
      response: { 200: ZHistoryEntry.array() },
    },
    handler: async (request) => exchangeHistory(deps, principalOf(request), request.params.id),
  });
};
