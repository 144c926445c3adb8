import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { PIXEL_GIF } from '../tracking/tracking.routes';
import { createEventFastPath, ticketQueryOf } from './events.fast-path';
import type { EventAnswer, EventIntake } from './events.service';

/** The intake's fast path (decision 053): what it answers itself, and what it leaves to the Fastify route. */

const request = (url: string, method = 'GET', rawHeaders: string[] = []) =>
  ({ url, method, rawHeaders }) as unknown as IncomingMessage;

const response = () => {
  const written: { status?: number; headers?: string[]; body?: unknown; bytes?: Buffer } = {};
  const stub = {
    writeHead: (status: number, headers: string[]) => {
      written.status = status;
      // The real writeHead copies the list out at once, as the fast path expects.
      written.headers = [...headers];
    },
    write: (body: string, encoding: BufferEncoding) => {
      written.body = body;
      written.bytes = Buffer.from(body, encoding);
    },
    end: (body?: unknown) => {
      if (body !== undefined) written.body = body;
    },
  };
  return { stub: stub as unknown as ServerResponse, written };
};

const intakeAnswering = (answer: () => EventAnswer | Promise<EventAnswer>) => {
  const received: string[] = [];
  const intake: EventIntake = {
    receive: (kind, ticket, price) => {
      received.push(`${kind} ${ticket} ${price ?? ''}`.trim());
      return answer();
    },
  };
  return { intake, received };
};

describe('ticketQueryOf', () => {
  it('reads a query of t and p only, in any order, each once, with nothing to decode', () => {
    expect(ticketQueryOf('t=abc.def')).toEqual({ t: 'abc.def', p: undefined });
    expect(ticketQueryOf('p=1.25&t=abc.def')).toEqual({ t: 'abc.def', p: '1.25' });
    for (const other of [
      '',
      't=a&t=b',
      't=a&junk=1',
      't=a%2Eb',
      'p=1',
      't=a&p=%24%7BAUCTION_PRICE%7D',
      't=a&',
      't=a+b',
    ]) {
      expect(ticketQueryOf(other)).toBeUndefined();
    }
    expect(ticketQueryOf(`t=${'x'.repeat(4097)}`)).toBeUndefined();
  });
});

describe('createEventFastPath', () => {
  const headers = { 'x-content-type-options': 'nosniff' };

  it('answers an impression with the pixel and a win with 204, itself', () => {
    const { intake, received } = intakeAnswering(() => ({ type: 'pixel' }));
    const fallbacks: string[] = [];
    const fast = createEventFastPath(intake, headers, (r) => fallbacks.push(r.url ?? ''));
    const pixel = response();
    expect(fast(request('/ev/impression?t=abc'), pixel.stub)).toBe(true);
    expect(pixel.written.status).toBe(200);
    expect(pixel.written.headers).toEqual(
      expect.arrayContaining(['content-type', 'image/gif', 'x-content-type-options']),
    );
    expect(pixel.written.bytes).toEqual(PIXEL_GIF);
    const noContent = createEventFastPath(
      intakeAnswering(() => ({ type: 'no_content' })).intake,
      headers,
      () => {},
    );
    const win = response();
    expect(noContent(request('/ev/win?t=abc&p=1'), win.stub)).toBe(true);
    expect(win.written.status).toBe(204);
    expect(received).toEqual(['impression abc']);
    expect(fallbacks).toEqual([]);
  });

  it("answers with the request's own x-request-id when it is a plain id, else a new one (lib/request-id)", () => {
    const fast = createEventFastPath(intakeAnswering(() => ({ type: 'pixel' })).intake, headers, () => {});
    const idOf = (rawHeaders: string[]) => {
      const answer = response();
      fast(request('/ev/impression?t=abc', 'GET', rawHeaders), answer.stub);
      const list = answer.written.headers ?? [];
      return list[list.indexOf('x-request-id') + 1];
    };
    expect(idOf(['Host', 'x', 'X-Request-Id', 'trace_1-a'])).toBe('trace_1-a');
    expect(idOf(['x-request-id', 'not plain'])).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('leaves clicks, other methods and queries, unknown kinds and refusals to the route, having counted nothing', () => {
    const { intake, received } = intakeAnswering(() => {
      throw new AppError('EVENT_REFUSED');
    });
    const fast = createEventFastPath(intake, headers, () => {});
    for (const url of [
      '/ev/click?t=abc',
      '/ev/nothing?t=abc',
      '/ev/impression',
      '/ev/impression?t=a&x=1',
      '/api/health',
    ]) {
      expect(fast(request(url), response().stub)).toBe(false);
    }
    expect(fast(request('/ev/impression?t=abc', 'POST'), response().stub)).toBe(false);
    expect(received).toEqual([]);
    expect(fast(request('/ev/impression?t=forged'), response().stub)).toBe(false);
    expect(received).toEqual(['impression forged']);
  });

  it('waits for an answer that needs a lookup, and hands a failed one to the route', async () => {
    let fail = false;
    const { intake } = intakeAnswering(() =>
      fail ? Promise.reject(new Error('lookup failed')) : Promise.resolve({ type: 'no_content' }),
    );
    const fallbacks: string[] = [];
    const fast = createEventFastPath(intake, headers, (r) => fallbacks.push(r.url ?? ''));
    const billing = response();
    expect(fast(request('/ev/billing?t=abc&p=1'), billing.stub)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(billing.written.status).toBe(204);
    fail = true;
    expect(fast(request('/ev/billing?t=def&p=1'), response().stub)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fallbacks).toEqual(['/ev/billing?t=def&p=1']);
  });
});
