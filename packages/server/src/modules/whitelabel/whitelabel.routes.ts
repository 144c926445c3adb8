import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { hostOf } from '../../lib/request-origin';
import { customizationForHost } from '../organizations/organizations.service';

const ZWhitelabel = z.object({
  title: z.string().nullable(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  color: z.string().nullable(),
  isWhitelabel: z.boolean(),
});

export const whitelabelRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/whitelabel', {
    config: { access: 'public' },
    schema: {
      summary:
        'Branding for the host the console is served on (title, logo, favicon, colour); never lists hosts',
      tags: ['session'],
      response: { 200: ZWhitelabel },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60').header('vary', 'Host');
      return customizationForHost(app.deps.db, hostOf(request));
    },
  });
};
