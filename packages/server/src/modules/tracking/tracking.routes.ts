import { ZPostbackQuery } from '@beacon/domain/validation/postback';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { principalOf } from '../../lib/resources';
import { ZOrganizationParams } from '../organizations/organizations.schemas';
import { ZTrackBody, ZTrackParams, ZTrackQuery } from './tracking.schemas';
import { postbackPixel, recordTrackingHit, type TrackingResult } from './tracking.service';

/** A transparent 1×1 GIF: what an image pixel on a web page receives. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A postback carries a few fields; a larger body is refused before it is read. */
const TRACK_BODY_LIMIT = 16 * 1024;

const wantsImage = (request: FastifyRequest, result: TrackingResult): boolean =>
  request.method === 'GET' &&
  (result.tool === 'beacon' || (request.headers.accept ?? '').toLowerCase().includes('image/'));

const answerHit = (request: FastifyRequest, reply: FastifyReply, result: TrackingResult) => {
  // A pixel must fire every time (no cache) and load on the advertiser's pages (another origin).
  reply.header('cache-control', 'no-store').header('cross-origin-resource-policy', 'cross-origin');
  if (wantsImage(request, result)) return reply.type('image/gif').send(PIXEL_GIF);
  return reply.status(204).send();
};

const fieldsOf = (query: Record<string, unknown>, body: Record<string, unknown> | undefined) => ({
  ...(body ?? {}),
  ...query,
});

/**
 * Conversion tracking of spec §7: the pixel a tracking tool calls (`GET /v2/organization/{id}/postback`) and
 * Beacon's own tracking endpoint it points at (`GET|POST /track/{key}/{event}`).
 */
export const trackingRoutes = async (app: AppInstance): Promise<void> => {
  // S2S senders may post a form instead of JSON; this parser only applies to the routes of this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: TRACK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /**
   * The `campaigns` resource of §6: the pixel is part of a campaign's conversion tracking (its tracking tool,
   * §3), so the roles and partner organizations that may not work on campaigns may not take pixels either.
   */
  app.get('/v2/organization/:id/postback', {
    config: { access: 'campaigns' },
    schema: {
      summary: "The pixel (text/plain URL) of an organization's conversion event for a tracking tool",
      description:
        'Answers the URL as text; the console saves it as the file `pixel_{event_id}`. The URL points at ' +
        '`/api/track/{key}/{event}` with the organization’s tracking key and the tool’s own macros.',
      tags: ['tracking'],
      params: ZOrganizationParams,
      querystring: ZPostbackQuery,
      response: { 200: z.string().meta({ description: 'The pixel URL (text/plain)' }) },
    },
    handler: async (request, reply) => {
      const pixel = await postbackPixel(app.deps, principalOf(request), request.params.id, request.query);
      return reply.type('text/plain; charset=utf-8').send(pixel);
    },
  });

  // Public: the key in the path is the credential. HEAD is not exposed, so that a link checker records nothing.
  app.get('/track/:key/:event', {
    config: { access: 'public' },
    exposeHeadRoute: false,
    schema: {
      summary: 'Records a conversion event for the organization of the key (pixel or S2S postback)',
      description:
        'Answers 204, or a 1×1 GIF to an image request or for the `beacon` tool; 404 for a key or event ' +
        'Beacon did not issue. A repeated `click_id` for the same organization and event records nothing new.',
      tags: ['tracking'],
      params: ZTrackParams,
      querystring: ZTrackQuery,
    },
    handler: async (request, reply) => {
      const result = await recordTrackingHit(app.deps, {
        key: request.params.key,
        event: request.params.event,
        fields: fieldsOf(request.query, undefined),
        ip: request.ip,
      });
      return answerHit(request, reply, result);
    },
  });

  app.post('/track/:key/:event', {
    config: { access: 'public' },
    bodyLimit: TRACK_BODY_LIMIT,
    schema: {
      summary: 'Records a conversion event sent server to server (same fields as the query, or in the body)',
      tags: ['tracking'],
      params: ZTrackParams,
      querystring: ZTrackQuery,
      body: ZTrackBody,
    },
    handler: async (request, reply) => {
      const result = await recordTrackingHit(app.deps, {
        key: request.params.key,
        event: request.params.event,
        fields: fieldsOf(request.query, request.body),
        ip: request.ip,
      });
      return answerHit(request, reply, result);
    },
  });
};
