import { ZCreateSavedView, ZSavedView, ZUpdateSavedView } from '@beacon/domain/api/saved-views';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { principalOf } from '../../lib/resources';
import { ZSavedViewConflict, ZSavedViewParams, ZSavedViewsQuery } from './saved-views.schemas';
import { changeSavedView, createSavedView, removeSavedView, savedViewsOf } from './saved-views.service';

/**
 * Saved views of the console's grids (docs/api.md "Saved views"): any logged-in user keeps their own, per grid;
 * another user's view answers 404. Demo mode refuses the writes like every other (plugins/access.ts).
 */
export const savedViewsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/saved-views', {
    config: { access: 'access' },
    schema: {
      summary: "The caller's saved views of one grid, by name",
      tags: ['saved-views'],
      querystring: ZSavedViewsQuery,
      response: { 200: ZSavedView.array() },
    },
    handler: async (request) => savedViewsOf(deps, principalOf(request), request.query.grid),
  });

  app.post('/saved-views', {
    config: { access: 'access' },
    schema: {
      summary: 'Save a view of a grid under a name (unique per grid; at most 50 views per grid)',
      tags: ['saved-views'],
      body: ZCreateSavedView,
      response: { 201: ZSavedView, 409: ZSavedViewConflict },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createSavedView(deps, principalOf(request), request.body)),
  });

  app.patch('/saved-views/:id', {
    config: { access: 'access' },
    schema: {
      summary: 'Rename a saved view, or save the grid state over it',
      tags: ['saved-views'],
      params: ZSavedViewParams,
      body: ZUpdateSavedView,
      response: { 200: ZSavedView, 409: ZSavedViewConflict },
    },
    handler: async (request) => changeSavedView(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/saved-views/:id', {
    config: { access: 'access' },
    schema: {
      summary: 'Delete a saved view',
      tags: ['saved-views'],
      params: ZSavedViewParams,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await removeSavedView(deps, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
