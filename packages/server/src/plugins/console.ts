import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console at `/`: hashed assets are cached for a year, and every other GET outside /api
 * answers index.html so that the console's router handles deep links (/campaigns, /access/login…).
 */
export const registerConsole = async (
  app: FastifyInstance,
  webRoot: string | undefined,
): Promise<boolean> => {
  if (!webRoot || !existsSync(path.join(webRoot, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (response, filePath) => {
      response.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return true;
};
