import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import type { BidAnswer, Bidder } from '../../engine/bidder';
import type { BidderExchange, BidderState } from '../../engine/bidder-state';
import { NO_BID_REASONS, type NoBidReason, parseBidRequest } from '../../engine/openrtb';
import { AppError } from '../../lib/app-error';

/**
 * The bidder's endpoint (docs/engine.md "Bidding"): `POST /rtb/{exchange}` takes an OpenRTB 2.6 bid request
 * and answers 200 with a bid response, or 204 (no body, the reason in `x-openrtb-nbr`). It reads nothing
 * from the database: the exchange, its admission and platform bidding come from the bidder's polled state.
 *
 * - unknown exchange 404; not admitted (token, allowed address or loopback) 403;
 * - a body that is not JSON, or has no id or no impressions, 400; another misread field 204 with nbr 2;
 * - an OpenRTB major version other than 2 in `x-openrtb-version`, 400; the answer says `2.6`;
 * - disabled exchange, platform bidding stopped, or state that cannot be trusted: 204 (nbr 1 for the last);
 * - over the exchange's QPS limit in this process: 204 with nbr 1 (a technical refusal: no capacity).
 */

export const EXCHANGE_TOKEN_HEADER = 'x-beacon-exchange-token';
export const OPENRTB_VERSION_HEADER = 'x-openrtb-version';
export const NBR_HEADER = 'x-openrtb-nbr';
export const ANSWERED_OPENRTB_VERSION = '2.6';

const ZRtbParams = z.object({ exchange: z.string().max(100) });

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `::ffff:192.0.2.1` is the IPv4 client of a dual-stack socket. */
const normalizeAddress = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

const contains = (list: BlockList, address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** The allowed addresses of an exchange as a BlockList, built once per state read. */
const allowListOf = (() => {
  const built = new WeakMap<BidderExchange, BlockList>();
  return (exchange: BidderExchange): BlockList => {
    const cached = built.get(exchange);
    if (cached !== undefined) return cached;
    const list = new BlockList();
    for (const entry of exchange.allowedAddresses) {
      const [address = '', prefix] = entry.trim().split('/');
      const family = isIP(address);
      if (family === 0) continue;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      try {
        if (prefix === undefined) list.addAddress(address, type);
        else list.addSubnet(address, Number(prefix), type);
      } catch {
        // An entry the console let through but that is not a block: it admits no one.
      }
    }
    built.set(exchange, list);
    return list;
  };
})();

const tokenMatches = (expected: string | null, given: string | string[] | undefined): boolean => {
  if (expected === null || expected === '' || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

const admitsAddress = (exchange: BidderExchange, ip: string): boolean => {
  const address = normalizeAddress(ip);
  if (contains(allowListOf(exchange), address)) return true;
  return exchange.allowLoopback && contains(LOOPBACK, address);
};

/**
 * The answer of `admitsAddress` per exchange (as last read: a new state read makes new exchange objects) and
 * address: an exchange sends from a few addresses, thousands of times a second. Emptied past a bound.
 */
const admittedAddresses = new WeakMap<BidderExchange, Map<string, boolean>>();
const MAX_REMEMBERED_ADDRESSES = 1_000;

/** Token, allowed address, or loopback when the exchange allows it (the demo's traffic simulator). */
export const isAdmitted = (
  exchange: BidderExchange,
  token: string | string[] | undefined,
  ip: string,
): boolean => {
  if (tokenMatches(exchange.token, token)) return true;
  let remembered = admittedAddresses.get(exchange);
  if (remembered === undefined) {
    remembered = new Map();
    admittedAddresses.set(exchange, remembered);
  }
  let admitted = remembered.get(ip);
  if (admitted === undefined) {
    admitted = admitsAddress(exchange, ip);
    if (remembered.size >= MAX_REMEMBERED_ADDRESSES) remembered.clear();
    remembered.set(ip, admitted);
  }
  return admitted;
};

/** Requests per exchange in the current second of this process. */
export const createQpsCounter = () => {
  const counts = new Map<string, { second: number; count: number }>();
  return (exchange: BidderExchange, now: Date): boolean => {
    if (exchange.qpsLimit === null) return true;
    const second = Math.floor(now.getTime() / 1000);
    const current = counts.get(exchange.id);
    if (current === undefined || current.second !== second) {
      counts.set(exchange.id, { second, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= exchange.qpsLimit;
  };
};
export type QpsCounter = ReturnType<typeof createQpsCounter>;

/** Why a body that parseBidRequest refused is answered 400 (not a request at all) rather than nbr 2. */
const isNotARequest = (body: string): boolean => {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return true;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const { id, imp } = value as { id?: unknown; imp?: unknown };
  return typeof id !== 'string' || id === '' || !Array.isArray(imp) || imp.length === 0;
};

/** What a bid request is answered before its body is read: an error, a no-bid, or the exchange to bid for. */
export type Admission =
  | { readonly kind: 'refused'; readonly error: AppError }
  | { readonly kind: 'no_bid'; readonly nbr: NoBidReason | null }
  | { readonly kind: 'admitted'; readonly exchange: BidderExchange; readonly state: BidderState };

/** The checks of a bid request that do not read its body, in the route's order (docs/engine.md "Bidding"). */
export const admitBidRequest = (
  bidder: Bidder,
  exchangeKey: string,
  headers: IncomingHttpHeaders,
  ip: string,
): Admission => {
  const version = headers[OPENRTB_VERSION_HEADER];
  if (typeof version === 'string' && version.trim() !== '' && version.trim().split('.')[0] !== '2') {
    return {
      kind: 'refused',
      error: new AppError('BAD_REQUEST', { message: `OpenRTB ${version} is not supported; send 2.x` }),
    };
  }
  const state = bidder.state();
  if (state === undefined) return { kind: 'no_bid', nbr: NO_BID_REASONS.TECHNICAL_ERROR };
  const exchange = state.exchanges.get(exchangeKey);
  if (exchange === undefined)
    return { kind: 'refused', error: new AppError('NOT_FOUND', { message: 'No such exchange' }) };
  if (!isAdmitted(exchange, headers[EXCHANGE_TOKEN_HEADER], ip)) {
    return {
      kind: 'refused',
      error: new AppError('FORBIDDEN', { message: 'This exchange is not admitted from here' }),
    };
  }
  if (!exchange.enabled || !state.biddingEnabled) return { kind: 'no_bid', nbr: null };
  return { kind: 'admitted', exchange, state };
};

/** How an admitted request's body is answered: an error (not a request at all), a no-bid or a bid. */
export type BodyAnswer =
  | { readonly kind: 'refused'; readonly error: AppError }
  | BidAnswer
  | { readonly kind: 'no_bid'; readonly nbr: NoBidReason | null };

/** The body of an admitted request: its QPS, its parse and the bid (docs/engine.md "Bidding"). */
export const answerBidRequest = (
  bidder: Bidder,
  withinQps: QpsCounter,
  now: Date,
  admitted: Extract<Admission, { kind: 'admitted' }>,
  body: string,
): BodyAnswer | Promise<BidAnswer> => {
  if (!withinQps(admitted.exchange, now)) return { kind: 'no_bid', nbr: NO_BID_REASONS.TECHNICAL_ERROR };
  const parsed = parseBidRequest(body);
  if (!parsed.ok) {
    if (isNotARequest(body))
      return { kind: 'refused', error: new AppError('BAD_REQUEST', { message: parsed.reason }) };
    return { kind: 'no_bid', nbr: NO_BID_REASONS.INVALID_REQUEST };
  }
  return bidder.bid(admitted.exchange, parsed.request, admitted.state);
};

const noBid = (reply: FastifyReply, nbr: NoBidReason | null) => {
  if (nbr !== null) reply.header(NBR_HEADER, String(nbr));
  return reply.code(204).send();
};

const send = (reply: FastifyReply, answer: BodyAnswer) => {
  if (answer.kind === 'refused') throw answer.error;
  return answer.kind === 'no_bid'
    ? noBid(reply, answer.nbr)
    : reply.code(200).header('content-type', 'application/json').send(JSON.stringify(answer.response));
};

export const rtbRoutes = async (
  app: AppInstance,
  options: { bidder: Bidder; withinQps: QpsCounter },
): Promise<void> => {
  const { bidder, withinQps } = options;
  // Exchanges send JSON with varying content types, or none: every body is read as text here, and only here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/rtb/:exchange', {
    config: { access: 'public', engine: true, machine: true },
    // Thousands of requests a second: only what goes wrong is logged (the counters are the record).
    logLevel: 'warn',
    schema: { hide: true, params: ZRtbParams },
    handler: async (request, reply) => {
      reply.header(OPENRTB_VERSION_HEADER, ANSWERED_OPENRTB_VERSION);
      const admission = admitBidRequest(bidder, request.params.exchange, request.headers, request.ip);
      if (admission.kind === 'refused') throw admission.error;
      if (admission.kind === 'no_bid') return noBid(reply, admission.nbr);
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = answerBidRequest(bidder, withinQps, app.deps.clock.now(), admission, body);
      return answer instanceof Promise ? answer.then((value) => send(reply, value)) : send(reply, answer);
    },
  });
};
