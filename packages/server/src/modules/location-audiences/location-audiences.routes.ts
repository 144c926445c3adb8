import {
  LOCATION_AUDIENCE_LIST_SPEC,
  ZLocationAudienceCreate,
  ZLocationAudienceDuplicate,
  ZLocationAudienceUpdate,
} from '@beacon/domain/validation/location-audience-form';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import {
  ZLocationAudience,
  ZLocationAudienceHistoryEntry,
  ZLocationAudienceIdParams,
  ZLocationAudienceRow,
  ZLocationAudienceVersionQuery,
} from './location-audiences.schemas';
import {
  createLocationAudience,
  deleteLocationAudience,
  duplicateLocationAudience,
  getLocationAudience,
  listVisibleLocationAudiences,
  locationAudienceHistory,
  updateLocationAudience,
} from './location-audiences.service';

/** A JSON body with its areas: 10,000 areas with names of 255 characters stay below this. */
const MAX_LOCATION_AUDIENCE_JSON_BYTES = 4 * 1024 * 1024;

/**
 * Location audiences (decision 017), all under §6 `resources-audiences`: every role but advertiser,
 * adexchange, creative manager and viewer, in any organization but an other-partner one. Writes need an edit
 * role on top (the service answers 403); one outside the caller's scope answers 404 whatever the call.
 */
export const locationAudiencesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  const config = { access: 'resources-audiences' } as const;

  app.get('/location-audiences', {
    config,
    schema: {
      summary:
        'Location audiences the caller may see (no areas); deleted ones only when filtering on `state`',
      description: describeListQuery(LOCATION_AUDIENCE_LIST_SPEC),
      tags: ['location audiences'],
      querystring: ZListQuery(LOCATION_AUDIENCE_LIST_SPEC),
      response: { 200: ZLocationAudienceRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleLocationAudiences(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/location-audience', {
    config,
    bodyLimit: MAX_LOCATION_AUDIENCE_JSON_BYTES,
    schema: {
      summary: 'Create a location audience with its areas (circles), in your organization or one in scope',
      tags: ['location audiences'],
      body: ZLocationAudienceCreate,
      response: { 201: ZLocationAudience },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createLocationAudience(deps, principalOf(request), request.body)),
  });

  app.get('/location-audience/:id', {
    config,
    schema: {
      summary: 'One location audience with its areas, in their order',
      tags: ['location audiences'],
      params: ZLocationAudienceIdParams,
      response: { 200: ZLocationAudience },
    },
    handler: async (request) => getLocationAudience(deps, principalOf(request), request.params.id),
  });

  app.put('/location-audience/:id', {
    config,
    bodyLimit: MAX_LOCATION_AUDIENCE_JSON_BYTES,
    schema: {
      summary:
        'Change a location audience at the version last read (409 when stale); `areas` replaces them all',
      tags: ['location audiences'],
      params: ZLocationAudienceIdParams,
      body: ZLocationAudienceUpdate,
      response: { 200: ZLocationAudience },
    },
    handler: async (request) =>
      updateLocationAudience(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/location-audience/:id', {
    config,
    schema: {
      summary: 'Delete a location audience (state deleted, kept with its areas and history)',
      tags: ['location audiences'],
      params: ZLocationAudienceIdParams,
      querystring: ZLocationAudienceVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteLocationAudience(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/location-audience/:id/duplicate', {
    config,
    schema: {
      summary: 'A copy with every field and area, in the same organization ("<name> (copy)" by default)',
      tags: ['location audiences'],
      params: ZLocationAudienceIdParams,
      body: ZLocationAudienceDuplicate,
      response: { 201: ZLocationAudience },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateLocationAudience(deps, principalOf(request), request.params.id, request.body)),
  });

  app.get('/location-audience/:id/history', {
    config,
    schema: {
      summary: 'The changes of a location audience, newest first, with who made them',
      tags: ['location audiences'],
      params: ZLocationAudienceIdParams,
      response: { 200: ZLocationAudienceHistoryEntry.array() },
    },
    handler: async (request) => locationAudienceHistory(deps, principalOf(request), request.params.id),
  });
};
