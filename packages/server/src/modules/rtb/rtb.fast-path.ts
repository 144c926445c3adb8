/**
 * The bidder's requests answered before Fastify (decision 053): a `POST /rtb/{exchange}` that the route's checks
 * before the body admit (version, state, exchange, admission, enabled) is read and answered by the HTTP server's
 * own handler through the same functions as the route (`admitBidRequest`, `answerBidRequest`), with the same
 * status, body and headers. A request those checks refuse, one without a length or larger than the body limit,
 * and every request of a process behind a proxy (its client address is the proxy's header) go to the route
 * untouched: nothing has been read or counted for them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Bidder } from '../../engine/bidder';
import { ERROR_CODES } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { endInOneWrite } from '../../lib/one-write';
import { requestIdOf } from '../../lib/request-id';
import { errorBody } from '../../plugins/errors';
import { machineHeaders } from '../../plugins/security-headers';
import {
  ANSWERED_OPENRTB_VERSION,
  admitBidRequest,
  answerBidRequest,
  type BodyAnswer,
  NBR_HEADER,
  OPENRTB_VERSION_HEADER,
  type QpsCounter,
} from './rtb.routes';

const PREFIX = '/rtb/';

export type BidFastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export const createBidFastPath = (options: {
  readonly bidder: Bidder;
  readonly withinQps: QpsCounter;
  readonly clock: Clock;
  /** The console's security headers: the route's answers carry their `machineHeaders`, and so do these. */
  readonly headers: Readonly<Record<string, string>>;
  /** The app's body limit: a larger request is left to the route, which refuses it. */
  readonly bodyLimit: number;
  readonly onError: (error: unknown) => void;
}): BidFastPath => {
  const { bidder, withinQps, clock, bodyLimit } = options;
  const common = [
    ...Object.entries(machineHeaders(options.headers)).flat(),
    OPENRTB_VERSION_HEADER,
    ANSWERED_OPENRTB_VERSION,
  ];

  /** A JSON answer, as Fastify writes one (its content type says the charset). */
  const sendJson = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string,
  ): void => {
    response.writeHead(status, [
      'x-request-id',
      requestIdOf(request),
      ...common,
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(Buffer.byteLength(body)),
    ]);
    endInOneWrite(response, body);
  };

  const send = (request: IncomingMessage, response: ServerResponse, answer: BodyAnswer): void => {
    if (answer.kind === 'no_bid') {
      response.writeHead(204, [
        'x-request-id',
        requestIdOf(request),
        ...common,
        ...(answer.nbr === null ? [] : [NBR_HEADER, String(answer.nbr)]),
      ]);
      response.end();
      return;
    }
    if (answer.kind === 'bid') {
      sendJson(request, response, 200, JSON.stringify(answer.response));
      return;
    }
    const { error } = answer;
    sendJson(
      request,
      response,
      error.statusCode,
      JSON.stringify(errorBody(error.statusCode, error.code, error.message)),
    );
  };

  const fail = (request: IncomingMessage, response: ServerResponse, error: unknown): void => {
    options.onError(error);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    sendJson(
      request,
      response,
      500,
      JSON.stringify(errorBody(500, 'INTERNAL', ERROR_CODES.INTERNAL.message)),
    );
  };

  return (request, response) => {
    const url = request.url;
    if (request.method !== 'POST' || url === undefined || !url.startsWith(PREFIX)) return false;
    const key = url.slice(PREFIX.length);
    if (key === '' || key.length > 100 || key.includes('/') || key.includes('?') || key.includes('%'))
      return false;
    const length = Number(request.headers['content-length']);
    if (!Number.isInteger(length) || length < 0 || length > bodyLimit) return false;
    const admission = admitBidRequest(bidder, key, request.headers, request.socket.remoteAddress ?? '');
    if (admission.kind !== 'admitted') return false;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => response.destroy());
    request.on('end', () => {
      try {
        const body =
          chunks.length === 1
            ? (chunks[0] as Buffer).toString('utf8')
            : Buffer.concat(chunks).toString('utf8');
        const answer = answerBidRequest(bidder, withinQps, clock.now(), admission, body);
        if (answer instanceof Promise) {
          answer.then(
            (value) => send(request, response, value),
            (error: unknown) => fail(request, response, error),
          );
        } else {
          send(request, response, answer);
        }
      } catch (error) {
        fail(request, response, error);
      }
    });
    return true;
  };
};
