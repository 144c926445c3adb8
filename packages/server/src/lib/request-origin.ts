import type { FastifyRequest } from 'fastify';

export const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});
