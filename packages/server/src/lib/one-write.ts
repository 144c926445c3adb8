import type { ServerResponse } from 'node:http';

/**
 * Ends a response whose head is set (`writeHead`, with its content length) by sending head and body in one
 * socket write (docs/engine.md "What is measured"). `response.end(body)` queues the head with the body and then
 * an empty chunk that marks the end, so Node sends them with `writev`; `write` queues head and body as one
 * chunk, `uncork` sends it at once, and `end` then has nothing left to send. On this machine a system call costs
 * ten times its bare-metal price, and the bidder's answers went from about 309 to 276 µs of CPU each.
 * `latin1` is for binary bodies held as text (each character one byte): the head is joined to text bodies only.
 */
export const endInOneWrite = (
  response: ServerResponse,
  body: string,
  encoding: 'utf8' | 'latin1' = 'utf8',
): void => {
  response.write(body, encoding);
  response.socket?.uncork();
  response.end();
};
