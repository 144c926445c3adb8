import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (a new-tab download appends the session token, §7). */
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

/** A URL fit for the logs: credentials in its query are replaced. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/** Fastify's request log line, with the URL redacted. */
export const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
