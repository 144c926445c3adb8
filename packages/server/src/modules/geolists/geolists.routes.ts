import { MAX_GEOLIST_AREAS } from '@beacon/domain/validation/geolist';
import {
  GEOLIST_LIST_SPEC,
  ZGeolistAreasReplace,
  ZGeolistCreate,
  ZGeolistDuplicate,
  ZGeolistUpdate,
} from '@beacon/domain/validation/geolist-form';
import { geolistJsonFileSizeMessage } from '@beacon/domain/validation/messages';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { MULTIPART_DATA_FIELD } from '../../plugins/uploads';
import { readGeolistFile } from './geolist-file-stream';
import {
  ZGeolist,
  ZGeolistHistoryEntry,
  ZGeolistIdParams,
  ZGeolistRow,
  ZGeolistVersionQuery,
} from './geolists.schemas';
import {
  createGeolist,
  deleteGeolist,
  duplicateGeolist,
  type GeolistFile,
  geolistHistory,
  getGeolist,
  listVisibleGeolists,
  replaceGeolistAreas,
  updateGeolist,
} from './geolists.service';

/** The multipart field of a geolist file. */
export const GEOLIST_FILE_FIELD = 'file';
/** The largest geolist file (about 500,000 short rows; MAX_GEOLIST_AREAS bounds what is kept). */
export const MAX_GEOLIST_FILE_BYTES = 32 * 1024 * 1024;
/**
 * A JSON body with its areas, or a .json file, which is parsed whole (100,000 areas of about 80 bytes; a
 * larger geolist goes as CSV, which is read as it arrives).
 */
export const MAX_GEOLIST_JSON_BYTES = 16 * 1024 * 1024;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

/** The file each multipart request carried, for the handler. */
const uploadedFiles = new WeakMap<FastifyRequest, GeolistFile>();

/**
 * A geolist route takes JSON, or multipart/form-data with the JSON in `data` (plugins/uploads.ts's
 * convention) and the geolist in `file`. The geolist is a text file recognised by its name and content by
 * the domain's parser (not by uploads.ts's binary signatures), so this hook reads the parts itself: the file
 * is parsed as it arrives, chunk by chunk up to MAX_GEOLIST_FILE_BYTES (geolist-file-stream.ts), and the
 * service answers its verdict after the fields are checked, before anything is written.
 */
const acceptGeolistUpload: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) return;
  let data: string | undefined;
  let file: GeolistFile | undefined;
  const parts = request.parts({ limits: { fileSize: MAX_GEOLIST_FILE_BYTES, files: 1, fields: 1 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== MULTIPART_DATA_FIELD || typeof part.value !== 'string') {
        throw invalid(part.fieldname, `Send the fields as JSON in the "${MULTIPART_DATA_FIELD}" field`);
      }
      data = part.value;
      continue;
    }
    if (part.fieldname !== GEOLIST_FILE_FIELD) {
      await part.toBuffer();
      throw invalid(part.fieldname, 'This file is not expected here');
    }
    const read = await readGeolistFile(part.filename, part.file, MAX_GEOLIST_JSON_BYTES);
    if (part.file.truncated) {
      throw invalid(
        GEOLIST_FILE_FIELD,
        `The file must be at most ${MAX_GEOLIST_FILE_BYTES / 1024 / 1024} MB`,
      );
    }
    if (read.read === 'json_too_large') {
      throw invalid(GEOLIST_FILE_FIELD, geolistJsonFileSizeMessage(MAX_GEOLIST_JSON_BYTES / 1024 / 1024));
    }
    file = { filename: part.filename, result: read.result };
  }
  let body: unknown = {};
  if (data !== undefined && data.trim() !== '') {
    try {
      body = JSON.parse(data);
    } catch {
      throw invalid(MULTIPART_DATA_FIELD, 'The fields are not valid JSON');
    }
  }
  request.body = body;
  if (file) uploadedFiles.set(request, file);
};

const UPLOAD_DESCRIPTION = `Answers the geolist without its areas (GET /geolist/{id} reads them). Send JSON, or multipart/form-data with the JSON in the \`${MULTIPART_DATA_FIELD}\` field and the areas in a \`${GEOLIST_FILE_FIELD}\` (.csv with the columns latitude, longitude, radius, name, or .json of at most ${MAX_GEOLIST_JSON_BYTES / 1024 / 1024} MB; at most ${MAX_GEOLIST_FILE_BYTES / 1024 / 1024} MB, read as it arrives, and ${MAX_GEOLIST_AREAS.toLocaleString('en-US')} areas). A rejected file stores nothing and answers 400 with the file's message (invalid file, empty file, invalid CSV, wrong areas), \`file_error\` and a detail per bad line (\`line\`).`;

/**
 * Geolists (decision 015): §6 `resources-geolists` for every call. A geolist outside the caller's scope answers
 * 404 whoever asks; then writes need an edit role (403), and a deleted geolist cannot change (409, decision
 * 039). Writes answer the geolist without its areas (up to MAX_GEOLIST_AREAS of them): only
 * GET /geolist/{id} reads them back.
 */
export const geolistsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/geolists', {
    config: { access: 'resources-geolists' },
    schema: {
      summary: 'Geolists the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(GEOLIST_LIST_SPEC),
      tags: ['geolists'],
      querystring: ZListQuery(GEOLIST_LIST_SPEC),
      response: { 200: ZGeolistRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleGeolists(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/geolist', {
    config: { access: 'resources-geolists' },
    bodyLimit: MAX_GEOLIST_JSON_BYTES,
    preValidation: acceptGeolistUpload,
    schema: {
      summary: 'Create a geolist with its areas (JSON `areas` or an uploaded file)',
      description: UPLOAD_DESCRIPTION,
      tags: ['geolists'],
      body: ZGeolistCreate,
      response: { 201: ZGeolistRow },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createGeolist(deps, principalOf(request), request.body, uploadedFiles.get(request))),
  });

  app.get('/geolist/:id', {
    config: { access: 'resources-geolists' },
    schema: {
      summary: 'One geolist with its areas',
      tags: ['geolists'],
      params: ZGeolistIdParams,
      response: { 200: ZGeolist },
    },
    handler: async (request) => getGeolist(deps, principalOf(request), request.params.id),
  });

  app.put('/geolist/:id', {
    config: { access: 'resources-geolists' },
    bodyLimit: MAX_GEOLIST_JSON_BYTES,
    schema: {
      summary: 'Change a geolist at the version last read (409 when stale); `areas` replaces them all',
      tags: ['geolists'],
      params: ZGeolistIdParams,
      body: ZGeolistUpdate,
      response: { 200: ZGeolistRow },
    },
    handler: async (request) => updateGeolist(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/geolist/:id', {
    config: { access: 'resources-geolists' },
    schema: {
      summary: 'Delete a geolist (state deleted, kept with its areas and history)',
      tags: ['geolists'],
      params: ZGeolistIdParams,
      querystring: ZGeolistVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteGeolist(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.put('/geolist/:id/areas', {
    config: { access: 'resources-geolists' },
    bodyLimit: MAX_GEOLIST_JSON_BYTES,
    preValidation: acceptGeolistUpload,
    schema: {
      summary: 'Replace the areas of a geolist by an uploaded file (or `areas`) at the version last read',
      description: UPLOAD_DESCRIPTION,
      tags: ['geolists'],
      params: ZGeolistIdParams,
      body: ZGeolistAreasReplace,
      response: { 200: ZGeolistRow },
    },
    handler: async (request) =>
      replaceGeolistAreas(
        deps,
        principalOf(request),
        request.params.id,
        request.body,
        uploadedFiles.get(request),
      ),
  });

  app.post('/geolist/:id/duplicate', {
    config: { access: 'resources-geolists' },
    schema: {
      summary: 'A copy of a geolist with its areas, in the same organization',
      tags: ['geolists'],
      params: ZGeolistIdParams,
      body: ZGeolistDuplicate.optional(),
      response: { 201: ZGeolistRow },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateGeolist(deps, principalOf(request), request.params.id, request.body ?? {})),
  });

  app.get('/geolist/:id/history', {
    config: { access: 'resources-geolists' },
    schema: {
      summary: 'Who changed what and when on the geolist, newest first',
      tags: ['geolists'],
      params: ZGeolistIdParams,
      response: { 200: ZGeolistHistoryEntry.array() },
    },
    handler: async (request) => geolistHistory(deps, principalOf(request), request.params.id),
  });
};
