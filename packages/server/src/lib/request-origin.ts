import type { FastifyRequest } from 'fastify';

export const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});

/** The request's host name without port, lower-cased; behind a proxy Fastify reads X-Forwarded-Host when trusted. */
export const hostOf = (request: FastifyRequest): string =>
  request.hostname.replace(/:\d+$/, '').toLowerCase();
