import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';

const ZFileParams = z.strictObject({ name: z.string().max(80) });

/**
 * Uploaded files (logos, favicons, profile logos). Public: a white-label logo shows on the login page before
 * anyone logs in, and names are content hashes, so a URL reveals nothing that was not shared.
 */
export const filesRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/files/:name', {
    config: { access: 'public' },
    schema: {
      summary: 'An uploaded file by its content-addressed name',
      tags: ['files'],
      params: ZFileParams,
    },
    handler: async (request, reply) => {
      const file = await app.deps.files.read(request.params.name);
      if (!file) throw new AppError('NOT_FOUND');
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Public by design; creative previews load them from a sandboxed (opaque-origin) document (decision 023).
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.data)
      );
    },
  });
};
