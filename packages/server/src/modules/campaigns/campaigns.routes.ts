import {
  CAMPAIGN_LIST_SPEC,
  ZCampaignCreate,
  ZCampaignDuplicate,
  ZCampaignStartDateChange,
  ZCampaignsBulkUpdate,
  ZCampaignUpdate,
} from '@beacon/domain/validation/campaign-form';
import {
  STRATEGY_LIST_SPEC,
  ZStrategyCreate,
  ZStrategyDuplicate,
  ZStrategyUpdate,
} from '@beacon/domain/validation/strategy-form';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { createCampaign } from './campaigns.create';
import { duplicateCampaign } from './campaigns.duplicate';
import { campaignsCsv, exportCampaign } from './campaigns.export';
import {
  ZCampaign,
  ZCampaignHistoryEntry,
  ZCampaignRow,
  ZCampaignsBulkResult,
  ZExportQuery,
  ZIdParams,
  ZStrategy,
  ZVersionQuery,
} from './campaigns.schemas';
import { campaignHistory, getCampaign, listVisibleCampaigns } from './campaigns.service';
import { bulkUpdateCampaigns, deleteCampaign } from './campaigns.states';
import { changeCampaignStartDate, updateCampaignFields } from './campaigns.update';
import {
  createStrategy,
  deleteStrategy,
  duplicateStrategy,
  getStrategy,
  listCampaignStrategies,
  updateStrategy,
} from './strategies.service';

/** The name the grid's CSV download is saved under. */
export const CAMPAIGNS_CSV_FILENAME = 'campaigns.csv';

/**
 * The querystring of the grid download: the list parameters of `GET /campaigns` plus `token` and `demo`, which
 * a download opened in a new tab sends instead of the headers (§7).
 */
const ZCampaignsDownloadQuery = z
  .object({
    token: z
      .string()
      .optional()
      .meta({ description: 'The session token, for a download opened in a new tab' }),
    demo: z.string().optional().meta({ description: '1 while demo mode is on, for a new tab' }),
  })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .transform(({ token: _token, demo: _demo, ...list }) => list)
  .pipe(ZListQuery(CAMPAIGN_LIST_SPEC));

/**
 * Campaigns and strategies (decision 014, on the shared resource shape of decision 039). Reads are §6
 * `campaigns` (lists) and `campaign` (one item); writes need an edit role on top (the services answer 403), and
 * a campaign outside the caller's scope answers 404 whatever the call; a write to a deleted campaign or strategy
 * answers 409 `DELETED`.
 */
export const campaignsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/campaigns', {
    config: { access: 'campaigns' },
    schema: {
      summary: 'Campaigns the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(CAMPAIGN_LIST_SPEC),
      tags: ['campaigns'],
      querystring: ZListQuery(CAMPAIGN_LIST_SPEC),
      response: { 200: ZCampaignRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleCampaigns(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.put('/campaigns', {
    config: { access: 'campaigns' },
    schema: {
      summary: 'One state change (active, inactive, deleted) on up to 500 campaigns; all or nothing',
      tags: ['campaigns'],
      body: ZCampaignsBulkUpdate,
      response: { 200: ZCampaignsBulkResult },
    },
    handler: async (request) => bulkUpdateCampaigns(deps, principalOf(request), request.body),
  });

  // A download: POST from the console, GET from a new tab with ?token= (§7). It writes nothing.
  app.route({
    method: ['POST', 'GET'],
    url: '/campaigns/download',
    config: { access: 'campaigns', allowQueryToken: true, allowInDemo: true },
    schema: {
      summary: 'The campaigns of the grid’s filters, search and sort (every page) as campaigns.csv',
      description: `text/csv attachment. ${describeListQuery(CAMPAIGN_LIST_SPEC)}`,
      tags: ['campaigns'],
      querystring: ZCampaignsDownloadQuery,
    },
    handler: async (request, reply) => {
      const csv = await campaignsCsv(deps, principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CAMPAIGNS_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.post('/campaign', {
    config: { access: 'campaign' },
    schema: {
      summary:
        'Create a campaign: a draft (`state: preview`) or a complete one (`state: inactive`, the default)',
      tags: ['campaigns'],
      body: ZCampaignCreate,
      response: { 201: ZCampaign },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createCampaign(deps, principalOf(request), request.body)),
  });

  app.get('/campaign/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'One campaign with every field, its alerts and tracking terms',
      tags: ['campaigns'],
      params: ZIdParams,
      response: { 200: ZCampaign },
    },
    handler: async (request) => getCampaign(deps, principalOf(request), request.params.id),
  });

  app.put('/campaign/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Change a campaign at the version last read (409 when stale)',
      tags: ['campaigns'],
      params: ZIdParams,
      body: ZCampaignUpdate,
      response: { 200: ZCampaign },
    },
    handler: async (request) =>
      updateCampaignFields(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/campaign/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Delete a campaign (state deleted, kept with its history); its synchronized followers stop',
      tags: ['campaigns'],
      params: ZIdParams,
      querystring: ZVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteCampaign(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.put('/campaign/:id/start-date', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Modify the start date; a lifetime budget restarts at zero (`reset_budget: true` confirms it)',
      tags: ['campaigns'],
      params: ZIdParams,
      body: ZCampaignStartDateChange,
      response: { 200: ZCampaign },
    },
    handler: async (request) =>
      changeCampaignStartDate(deps, principalOf(request), request.params.id, request.body),
  });

  app.post('/campaign/:id/duplicate', {
    config: { access: 'campaign' },
    schema: {
      summary: 'A copy of a campaign, with or without its strategies (inactive when complete, else a draft)',
      tags: ['campaigns'],
      params: ZIdParams,
      body: ZCampaignDuplicate,
      response: { 201: ZCampaign },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateCampaign(deps, principalOf(request), request.params.id, request.body)),
  });

  app.get('/campaign/:id/history', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Who changed what and when on the campaign and its strategies, newest first',
      tags: ['campaigns'],
      params: ZIdParams,
      response: { 200: ZCampaignHistoryEntry.array() },
    },
    handler: async (request) => campaignHistory(deps, principalOf(request), request.params.id),
  });

  app.get('/campaign/:id/export', {
    config: { access: 'campaign', allowQueryToken: true },
    schema: {
      summary: 'The full configuration of a campaign and its strategies as campaign-{id}.csv or .xlsx',
      tags: ['campaigns'],
      params: ZIdParams,
      querystring: ZExportQuery,
    },
    handler: async (request, reply) => {
      const file = await exportCampaign(deps, principalOf(request), request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  app.get('/campaign/:id/strategies', {
    config: { access: 'campaign' },
    schema: {
      summary: 'The strategies of a campaign (deleted ones left out)',
      description: describeListQuery(STRATEGY_LIST_SPEC),
      tags: ['strategies'],
      params: ZIdParams,
      querystring: ZListQuery(STRATEGY_LIST_SPEC),
      response: { 200: ZStrategy.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listCampaignStrategies(
        deps,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  app.post('/campaign/:id/strategies', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Add a strategy to a campaign',
      tags: ['strategies'],
      params: ZIdParams,
      body: ZStrategyCreate,
      response: { 201: ZStrategy },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createStrategy(deps, principalOf(request), request.params.id, request.body)),
  });

  app.get('/strategy/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'One strategy',
      tags: ['strategies'],
      params: ZIdParams,
      response: { 200: ZStrategy },
    },
    handler: async (request) => getStrategy(deps, principalOf(request), request.params.id),
  });

  app.put('/strategy/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Change a strategy at the version last read (pause, resume, dates, location…); 409 when stale',
      tags: ['strategies'],
      params: ZIdParams,
      body: ZStrategyUpdate,
      response: { 200: ZStrategy },
    },
    handler: async (request) => updateStrategy(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/strategy/:id', {
    config: { access: 'campaign' },
    schema: {
      summary: 'Delete a strategy (kept with its history)',
      tags: ['strategies'],
      params: ZIdParams,
      querystring: ZVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteStrategy(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/strategy/:id/duplicate', {
    config: { access: 'campaign' },
    schema: {
      summary: 'A copy of a strategy in the same campaign (its share capped to what the campaign has left)',
      tags: ['strategies'],
      params: ZIdParams,
      body: ZStrategyDuplicate,
      response: { 201: ZStrategy },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateStrategy(deps, principalOf(request), request.params.id, request.body)),
  });
};
