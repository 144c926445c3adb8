import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';

export const healthRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      summary: 'Liveness and database reachability',
      tags: ['operations'],
      response: {
        200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
        503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }),
      },
    },
    handler: async (request, reply) => {
      try {
        await sql`select 1`.execute(app.deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'unreachable' as const });
      }
    },
  });
};
