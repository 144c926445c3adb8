import {
  CREATIVE_LIST_SPEC,
  ZCampaignCreativeLinks,
  ZCreativeCampaigns,
  ZCreativeCreate,
  ZCreativeDuplicate,
  ZCreativeReject,
  ZCreativesApprove,
  ZCreativesReject,
  ZCreativeUpdate,
} from '@beacon/domain/validation/creative-form';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { ZIdParams, ZVersionQuery } from '../campaigns/campaigns.schemas';
import { acceptCreativeFiles } from './creative-files.routes';
import { createCreativeWithFiles } from './creative-files.service';
import { approveCreatives, listReviewQueue, rejectCreatives } from './creatives.approval';
import {
  campaignCreatives,
  editCampaignCreatives,
  linkCreativeToCampaigns,
  listLinkableCreatives,
} from './creatives.links';
import { CREATIVE_REPORT_FILENAME, creativeReportCsv } from './creatives.report';
import {
  ZCampaignCreative,
  ZCreative,
  ZCreativeHistoryEntry,
  ZCreativeList,
  ZCreativeReportDownloadQuery,
  ZCreativeRow,
} from './creatives.schemas';
import {
  createCreative,
  creativeHistory,
  deleteCreative,
  duplicateCreative,
  getCreative,
  listVisibleCreatives,
  updateCreative,
} from './creatives.service';

/**
 * Creatives (decision 022): §6 `creatives` for the library list and report, `creative` for one
 * creative and a campaign's creatives (the viewer reads them; writes need a role that edits creatives, the
 * service answers 403), `backoffice` for the approval queue (the operator's internal staff only). A creative
 * or campaign outside the caller's scope answers 404 whatever the call.
 */
export const creativesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  const tags = ['creatives'];

  app.get('/creatives', {
    config: { access: 'creatives' },
    schema: {
      summary: 'Creatives of the organizations the caller may see (deleted ones are never listed)',
      description: describeListQuery(CREATIVE_LIST_SPEC),
      tags,
      querystring: ZListQuery(CREATIVE_LIST_SPEC),
      response: { 200: ZCreativeRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleCreatives(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  // A download a browser may open in a new tab (?token=); it writes nothing, so demo mode may use it.
  app.get('/creatives/report.csv', {
    config: { access: 'creatives', allowQueryToken: true, allowInDemo: true },
    schema: {
      summary: 'The creatives report (§3 columns) of the creatives created on the days asked, as CSV',
      tags,
      querystring: ZCreativeReportDownloadQuery,
    },
    handler: async (request, reply) => {
      const csv = await creativeReportCsv(deps, principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CREATIVE_REPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.post('/creative', {
    config: { access: 'creative' },
    schema: {
      summary: 'Create a creative of one type (pending approval), with its files or without them',
      description:
        "Send JSON, or multipart/form-data with the JSON in `data` and the files in `file` (the main asset), `companion` (a video's companion image) and `native_icon`. Each file is checked by content against the rule of the creative's type before anything is written: a refused file answers 400 on its field and creates nothing; a video or audio file on a server without ffmpeg answers 503.",
      tags,
      consumes: ['application/json', 'multipart/form-data'],
      body: ZCreativeCreate,
      response: { 201: ZCreative },
    },
    preValidation: acceptCreativeFiles,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const files = request.creativeFiles ?? [];
      const created =
        files.length > 0
          ? await createCreativeWithFiles(deps, principal, request.body, files)
          : await createCreative(deps, principal, request.body);
      return reply.code(201).send(created);
    },
  });

  app.get('/creative/:id', {
    config: { access: 'creative' },
    schema: {
      summary: 'One creative with the campaigns it is linked to',
      tags,
      params: ZIdParams,
      response: { 200: ZCreative },
    },
    handler: async (request) => getCreative(deps, principalOf(request), request.params.id),
  });

  app.put('/creative/:id', {
    config: { access: 'creative' },
    schema: {
      summary:
        'Change a creative at the version last read (409 when stale); a change of its content puts it back to pending approval',
      tags,
      params: ZIdParams,
      body: ZCreativeUpdate,
      response: { 200: ZCreative },
    },
    handler: async (request) => updateCreative(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/creative/:id', {
    config: { access: 'creative' },
    schema: {
      summary: 'Delete a creative (kept with its history; its campaign links become deleted)',
      tags,
      params: ZIdParams,
      querystring: ZVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteCreative(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/creative/:id/duplicate', {
    config: { access: 'creative' },
    schema: {
      summary: 'A copy of a creative, pending approval, without its campaign links',
      tags,
      params: ZIdParams,
      body: ZCreativeDuplicate,
      response: { 201: ZCreative },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateCreative(deps, principalOf(request), request.params.id, request.body)),
  });

  app.get('/creative/:id/history', {
    config: { access: 'creative' },
    schema: {
      summary: 'Who changed what and when on the creative, newest first',
      tags,
      params: ZIdParams,
      response: { 200: ZCreativeHistoryEntry.array() },
    },
    handler: async (request) => creativeHistory(deps, principalOf(request), request.params.id),
  });

  app.post('/creative/:id/campaigns', {
    config: { access: 'creative' },
    schema: {
      summary: 'Link the creative (active) to campaigns of its organization or below; all or nothing',
      tags,
      params: ZIdParams,
      body: ZCreativeCampaigns,
      response: { 200: ZCreative },
    },
    handler: async (request) =>
      linkCreativeToCampaigns(deps, principalOf(request), request.params.id, request.body),
  });

  app.get('/campaign/:id/creatives', {
    config: { access: 'creative' },
    schema: {
      summary: "The creatives linked to a campaign, with each link's state",
      tags,
      params: ZIdParams,
      response: { 200: ZCampaignCreative.array() },
    },
    handler: async (request) => campaignCreatives(deps, principalOf(request), request.params.id),
  });

  app.get('/campaign/:id/linkable-creatives', {
    config: { access: 'creative' },
    schema: {
      summary:
        'The creatives a campaign may link and has not linked yet: of its organization or an ancestor, not rejected',
      description: describeListQuery(CREATIVE_LIST_SPEC),
      tags,
      params: ZIdParams,
      querystring: ZListQuery(CREATIVE_LIST_SPEC),
      response: { 200: ZCreativeRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listLinkableCreatives(
        deps,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  app.put('/campaign/:id/creatives', {
    config: { access: 'creative' },
    schema: {
      summary:
        "Bulk edit of a campaign's creative links (active, inactive, deleted; new ones are added); all or nothing",
      tags,
      params: ZIdParams,
      body: ZCampaignCreativeLinks,
      response: { 200: ZCampaignCreative.array() },
    },
    handler: async (request) =>
      editCampaignCreatives(deps, principalOf(request), request.params.id, request.body),
  });

  app.get('/backoffice/creatives', {
    config: { access: 'backoffice' },
    schema: {
      summary:
        'The approval queue: creatives of every organization, pending approval unless `state` is filtered',
      description: describeListQuery(CREATIVE_LIST_SPEC),
      tags,
      querystring: ZListQuery(CREATIVE_LIST_SPEC),
      response: { 200: ZCreativeRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listReviewQueue(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/backoffice/creative/:id/approve', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Approve a creative pending approval (state active, audited); alerts its organization',
      tags,
      params: ZIdParams,
      response: { 200: ZCreative },
    },
    handler: async (request) => {
      const [view] = await approveCreatives(deps, principalOf(request), [Number(request.params.id)]);
      if (!view) throw new AppError('NOT_FOUND');
      return view;
    },
  });

  app.post('/backoffice/creative/:id/reject', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Reject a creative pending approval with a reason; alerts its organization',
      tags,
      params: ZIdParams,
      body: ZCreativeReject,
      response: { 200: ZCreative },
    },
    handler: async (request) => {
      const [view] = await rejectCreatives(
        deps,
        principalOf(request),
        [Number(request.params.id)],
        request.body.reason,
      );
      if (!view) throw new AppError('NOT_FOUND');
      return view;
    },
  });

  app.post('/backoffice/creatives/approve', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Approve creatives pending approval; all or nothing',
      tags,
      body: ZCreativesApprove,
      response: { 200: ZCreativeList },
    },
    handler: async (request) => approveCreatives(deps, principalOf(request), request.body.ids),
  });

  app.post('/backoffice/creatives/reject', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Reject creatives pending approval with one reason; all or nothing',
      tags,
      body: ZCreativesReject,
      response: { 200: ZCreativeList },
    },
    handler: async (request) =>
      rejectCreatives(deps, principalOf(request), request.body.ids, request.body.reason),
  });
};
