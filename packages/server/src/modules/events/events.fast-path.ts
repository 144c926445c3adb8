/**
 * The event intake's common case answered before Fastify (decision 053): a `GET /ev/{kind}?t=…[&p=…]` whose
 * ticket and price need no lookup — an impression, a video event, a win, a billing notice whose campaign fee is
 * known — is counted and answered by the HTTP server's own handler, with the same status, body and headers the
 * Fastify route sends. Anything else, and anything that fails (a forged ticket, a price above the bid, the store
 * gone), goes to the Fastify route untouched, which answers it as before: the intake throws before it counts
 * anything, so the route's second look counts nothing twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_PATH_PREFIX, isEventKind } from '../../engine/event-ticket';
import { endInOneWrite } from '../../lib/one-write';
import { requestIdOf } from '../../lib/request-id';
import { PIXEL_GIF } from '../tracking/tracking.routes';
import type { EventAnswer, EventIntake } from './events.service';

const PREFIX = `${EVENT_PATH_PREFIX}/`;
/** The pixel's bytes as text, one character a byte, so that its head and body leave in one write. */
const PIXEL_TEXT = PIXEL_GIF.toString('latin1');
const MAX_TICKET = 4096;
const MAX_PRICE = 64;

/** `t` and `p` of a query made of them only (each at most once, nothing to decode); undefined otherwise. */
export const ticketQueryOf = (query: string): { t: string; p: string | undefined } | undefined => {
  let t: string | undefined;
  let p: string | undefined;
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const pair = query.slice(start, end);
    if (pair.startsWith('t=') && t === undefined) t = pair.slice(2);
    else if (pair.startsWith('p=') && p === undefined) p = pair.slice(2);
    else return undefined;
    start = end + 1;
  }
  if (t === undefined || t.length > MAX_TICKET || t.includes('%') || t.includes('+')) return undefined;
  if (p !== undefined && (p.length > MAX_PRICE || p.includes('%') || p.includes('+'))) return undefined;
  return { t, p };
};

export type EventFastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The fast path of an intake. `headers` are the console's security headers (every Fastify answer carries them);
 * `fallback` answers a request the fast path gives up after it started (an answer that needed a lookup that
 * failed).
 */
export const createEventFastPath = (
  intake: EventIntake,
  headers: Readonly<Record<string, string>>,
  fallback: (request: IncomingMessage, response: ServerResponse) => void,
): EventFastPath => {
  const common = Object.entries({
    ...headers,
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'cross-origin',
  }).flat();
  // Each answer's header list, its request id (index 1) set just before writeHead, which copies the list out.
  const pixelHeaders = [
    'x-request-id',
    '',
    ...common,
    'content-type',
    'image/gif',
    'content-length',
    String(PIXEL_GIF.length),
  ];
  const noContentHeaders = ['x-request-id', '', ...common];

  const send = (request: IncomingMessage, response: ServerResponse, answer: EventAnswer): void => {
    const id = requestIdOf(request);
    if (answer.type === 'pixel') {
      pixelHeaders[1] = id;
      response.writeHead(200, pixelHeaders);
      endInOneWrite(response, PIXEL_TEXT, 'latin1');
      return;
    }
    if (answer.type === 'no_content') {
      noContentHeaders[1] = id;
      response.writeHead(204, noContentHeaders);
      response.end();
      return;
    }
    // Redirects (clicks) are left to the route: the fast path never asks for them.
    fallback(request, response);
  };

  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false;
    const mark = url.indexOf('?');
    if (mark === -1) return false;
    const kind = url.slice(PREFIX.length, mark);
    // A click answers with the creative's landing page: the route does it.
    if (kind === 'click' || !isEventKind(kind)) return false;
    const query = ticketQueryOf(url.slice(mark + 1));
    if (query === undefined) return false;
    let answer: EventAnswer | Promise<EventAnswer>;
    try {
      answer = intake.receive(kind, query.t, query.p);
    } catch {
      // Refused before anything was counted: the route answers the same refusal in its own words.
      return false;
    }
    if (answer instanceof Promise) {
      answer.then(
        (value) => send(request, response, value),
        () => fallback(request, response),
      );
    } else {
      send(request, response, answer);
    }
    return true;
  };
};
