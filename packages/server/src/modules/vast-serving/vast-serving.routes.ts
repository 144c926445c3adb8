import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { HOSTED_VAST_PATH } from '../../engine/markup';
import { hostedVastOfTicket } from './vast-serving.service';

const ZHostedVastQuery = z.looseObject({
  t: z.string().max(4096).optional().meta({ description: 'The signed ticket of the bid' }),
});

/**
 * A player fetches the document once per impression, and may retry; the URL is the bid's own, so a cache
 * holds one impression's document. Five minutes bounds how long a creative taken down still plays there.
 */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * The document is the advertiser's text served from our origin: it is never run as a page of ours (a
 * sandboxed, script-less document), and any origin's player may read it (VAST 4 asks ad servers for CORS,
 * credentials included, so the caller's origin is echoed rather than `*` when it sends one).
 */
const DOCUMENT_POLICY = "default-src 'none'; sandbox";

/**
 * The hosted VAST documents (docs/engine.md "Markup"), at the root like the event intake: players call it
 * without a session, from the VASTAdTagURI of the Wrapper the bidder served.
 */
export const vastServingRoutes = async (app: AppInstance): Promise<void> => {
  app.get(HOSTED_VAST_PATH, {
    config: { access: 'public' },
    // One fetch per won video impression: only what goes wrong is logged.
    logLevel: 'warn',
    schema: {
      summary: 'The pasted VAST document of a bid’s creative',
      description:
        'The VASTAdTagURI of the Wrapper the bidder serves for a creative whose VAST document was pasted ' +
        '(docs/engine.md "Markup"): `t` is the signed ticket the bid carried. Answers the document as ' +
        'application/xml; 400 for a forged or malformed ticket, 410 for an expired one, 404 when the creative ' +
        'is deleted, no longer approved or has no pasted document.',
      tags: ['events'],
      querystring: ZHostedVastQuery,
    },
    handler: async (request, reply) => {
      const origin = request.headers.origin;
      // Errors are answered for any origin too, so that a player can tell a refusal from a network failure.
      if (typeof origin === 'string' && origin !== '' && origin !== 'null') {
        reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true')
          .header('vary', 'origin');
      } else {
        reply.header('access-control-allow-origin', '*');
      }
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const document = await hostedVastOfTicket(app.deps, request.query.t);
      return reply
        .header('cache-control', CACHE_CONTROL)
        .header('content-security-policy', DOCUMENT_POLICY)
        .header('x-content-type-options', 'nosniff')
        .type('application/xml; charset=utf-8')
        .send(document);
    },
  });
};
