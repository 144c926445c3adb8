import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const PLAIN_ID = /^[\w-]{1,64}$/;

/**
 * The id of a request: its own `x-request-id` when that is a plain id (letters, digits, `_`, `-`; at most 64),
 * else a new UUID. One rule for the app and the engine's fast paths, so an answer carries the same id whichever
 * answered it (docs/engine.md). Read from the raw header list, since `request.headers` would build an object of
 * every header for this one; a header sent twice is no plain id (Node would join the two values with ", ").
 */
export const requestIdOf = (request: Pick<IncomingMessage, 'rawHeaders'>): string => {
  const raw = request.rawHeaders;
  let value: string | undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string;
    if (name.length === 12 && name.toLowerCase() === 'x-request-id') {
      if (value !== undefined) return randomUUID();
      value = raw[index + 1] as string;
    }
  }
  return value !== undefined && PLAIN_ID.test(value) ? value : randomUUID();
};
