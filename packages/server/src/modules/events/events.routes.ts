import type { FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AUCTION_PRICE_MACRO } from '../../engine/event-cost';
import { EVENT_KINDS, EVENT_PATH_PREFIX, isEventKind } from '../../engine/event-ticket';
import { AppError } from '../../lib/app-error';
import { PIXEL_GIF } from '../tracking/tracking.routes';
import type { EventAnswer, EventIntake } from './events.service';

const ZEventParams = z.strictObject({ kind: z.string().max(40) });
const ZEventQuery = z.looseObject({
  t: z.string().max(4096).optional().meta({ description: 'The signed ticket of the bid' }),
  p: z
    .string()
    .max(64)
    .optional()
    .meta({
      description: `The clearing price (win, billing): ${AUCTION_PRICE_MACRO} as the exchange replaced it`,
    }),
});

/** An S2S notice may carry a body; nothing in it is read, and a large one is refused before it is read. */
const NOTICE_BODY_LIMIT = 4 * 1024;

const isShortText = (value: unknown, max: number): boolean =>
  value === undefined || (typeof value === 'string' && value.length <= max);

/**
 * The schemas above stay the route's contract and its OpenAPI document; checking them costs an event more than
 * the rest of its handling, so the intake checks what it reads — `kind`, `t` and `p`, each absent or one text
 * within its length — by hand, and only a request that fails that meets the schema itself, which answers the
 * same 400 VALIDATION_FAILED as any route (docs/engine.md "Events").
 */
const eventValidatorCompiler = (route: FastifyRouteSchemaDef<unknown>) => {
  const bySchema = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart === 'params') {
    return (data: unknown) => {
      const { kind } = data as { kind?: unknown };
      return typeof kind === 'string' && kind.length <= 40 ? { value: data } : bySchema(data);
    };
  }
  if (route.httpPart === 'querystring') {
    return (data: unknown) => {
      const { t, p } = data as { t?: unknown; p?: unknown };
      return isShortText(t, 4096) && isShortText(p, 64) ? { value: data } : bySchema(data);
    };
  }
  return bySchema;
};

/** Every fire must reach us (no cache), and pixels load on publishers' pages (another origin). */
const PIXEL_HEADERS = {
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'cross-origin',
  'content-type': 'image/gif',
} as const;
const EMPTY_HEADERS = {
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'cross-origin',
} as const;

const send = (reply: FastifyReply, answer: EventAnswer) => {
  if (answer.type === 'pixel') return reply.headers(PIXEL_HEADERS).send(PIXEL_GIF);
  reply.headers(EMPTY_HEADERS);
  if (answer.type === 'redirect') return reply.redirect(answer.url, 302);
  return reply.status(204).send();
};

const description =
  'The tracking URL of a bid (docs/engine.md "Events"): `t` is the signed ticket the bid carried, `p` the ' +
  'clearing price of a win or billing notice. Each auction’s event of one kind counts once; a repeat answers ' +
  'the same and counts nothing. Answers a 1×1 GIF (impression, video events), 204 (win, billing), or a 302 to ' +
  'the creative’s click URL (click; 204 without one); 400 for a forged or malformed ticket or a price above ' +
  'the bid, 410 for an expired ticket, 404 for an unknown kind.';

/**
 * The event intake of the buying engine, at the root (`{public URL}/ev/{kind}`, the URLs the bidder writes),
 * outside /api: exchanges, players and browsers call it without a session.
 */
export const eventsRoutes = async (app: AppInstance, options: { intake: EventIntake }): Promise<void> => {
  const { intake } = options;

  // S2S notices may post any body (form, JSON, text): it is not read.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: NOTICE_BODY_LIMIT },
    (_request, _body, done) => {
      done(null, undefined);
    },
  );

  /** Most events are answered from memory: without a promise unless a lookup (fee, click URL) is needed. */
  const handle = (
    reply: FastifyReply,
    kind: string,
    query: { t?: string | undefined; p?: string | undefined },
  ) => {
    if (!isEventKind(kind)) throw new AppError('NOT_FOUND');
    let answer: ReturnType<typeof intake.receive>;
    try {
      answer = intake.receive(kind, query.t, query.p);
    } catch (error) {
      // The sender is told when to try again (decision 052).
      if (error instanceof AppError && error.code === 'EVENTS_BUSY') reply.header('retry-after', '5');
      throw error;
    }
    return answer instanceof Promise ? answer.then((value) => send(reply, value)) : send(reply, answer);
  };

  app.get(`${EVENT_PATH_PREFIX}/:kind`, {
    config: { access: 'public', engine: true },
    // Thousands a second: only what goes wrong is logged (the counters are the record).
    logLevel: 'warn',
    // A link checker's HEAD must not count an event.
    exposeHeadRoute: false,
    validatorCompiler: eventValidatorCompiler,
    schema: {
      summary: `Records an event of a bid (${EVENT_KINDS.join(', ')})`,
      description,
      tags: ['events'],
      params: ZEventParams,
      querystring: ZEventQuery,
    },
    handler: (request, reply) => handle(reply, request.params.kind, request.query),
  });

  app.post(`${EVENT_PATH_PREFIX}/:kind`, {
    config: { access: 'public', engine: true },
    logLevel: 'warn',
    bodyLimit: NOTICE_BODY_LIMIT,
    validatorCompiler: eventValidatorCompiler,
    schema: {
      summary: 'Records an event of a bid sent server to server (win and billing notices)',
      description,
      tags: ['events'],
      params: ZEventParams,
      querystring: ZEventQuery,
    },
    handler: (request, reply) => handle(reply, request.params.kind, request.query),
  });
};
