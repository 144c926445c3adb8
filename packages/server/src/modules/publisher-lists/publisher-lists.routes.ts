import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  PUBLISHER_CATALOGUE_LIST_SPEC,
  PUBLISHER_ENTRY_LIST_SPEC,
  PUBLISHER_LIST_LIST_SPEC,
  PUBLISHER_LISTS_SPEC,
  ZPublisherChanges,
  ZPublisherListCreate,
  ZPublisherListDuplicate,
  ZPublisherListUpdate,
  ZPublisherUpload,
} from '@beacon/domain/validation/publisher-list';
import type { FastifyRequest, onResponseAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { MULTIPART_DATA_FIELD } from '../../plugins/uploads';
import { ZOrganizationParams } from '../organizations/organizations.schemas';
import {
  ZCataloguePublisher,
  ZPublisherEntry,
  ZPublisherList,
  ZPublisherListHistoryEntry,
  ZPublisherListIdParams,
  ZPublisherListRow,
  ZPublisherListVersionQuery,
} from './publisher-lists.schemas';
import {
  changePublishers,
  createPublisherList,
  deletePublisherList,
  duplicatePublisherList,
  getPublisherList,
  listPublisherLists,
  listPublishersOfList,
  listVisiblePublisherLists,
  type PublisherFile,
  publisherListHistory,
  searchPublishers,
  updatePublisherList,
  uploadPublishers,
} from './publisher-lists.service';

/** The multipart field of a publisher list file. */
export const PUBLISHER_FILE_FIELD = 'file';
/** The largest publisher list file (a million publishers of about 40 characters). */
export const MAX_PUBLISHER_FILE_BYTES = 64 * 1024 * 1024;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

/** The file each multipart request carried (spooled to a temporary folder), for the handler. */
const uploadedFiles = new WeakMap<FastifyRequest, PublisherFile & { folder: string }>();

/**
 * A publisher list route takes JSON, or multipart/form-data with the JSON in `data` (plugins/uploads.ts's
 * convention) and the publishers in `file`. The file streams to a temporary folder as it arrives (never whole
 * in memory); the service reads it from there line by line, and `removeUploadedFile` deletes it once answered.
 */
const acceptPublisherUpload: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) return;
  let data: string | undefined;
  const parts = request.parts({ limits: { fileSize: MAX_PUBLISHER_FILE_BYTES, files: 1, fields: 1 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== MULTIPART_DATA_FIELD || typeof part.value !== 'string') {
        throw invalid(part.fieldname, `Send the fields as JSON in the "${MULTIPART_DATA_FIELD}" field`);
      }
      data = part.value;
      continue;
    }
    if (part.fieldname !== PUBLISHER_FILE_FIELD) {
      part.file.resume();
      throw invalid(part.fieldname, 'This file is not expected here');
    }
    const folder = await mkdtemp(join(tmpdir(), 'beacon-publishers-'));
    const path = join(folder, 'upload');
    uploadedFiles.set(request, { filename: part.filename, path, folder });
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) {
      throw invalid(
        PUBLISHER_FILE_FIELD,
        `The file must be at most ${MAX_PUBLISHER_FILE_BYTES / 1024 / 1024} MB`,
      );
    }
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
};

const removeUploadedFile: onResponseAsyncHookHandler = async (request) => {
  const file = uploadedFiles.get(request);
  if (file) await rm(file.folder, { recursive: true, force: true });
};

const fileOf = (request: FastifyRequest): PublisherFile | undefined => {
  const file = uploadedFiles.get(request);
  return file ? { filename: file.filename, path: file.path } : undefined;
};

const UPLOAD_DESCRIPTION = `Send JSON, or multipart/form-data with the JSON in the \`${MULTIPART_DATA_FIELD}\` field and the publishers in a \`${PUBLISHER_FILE_FIELD}\` (text, one publisher per line in a single column: web domains such as example.com, app bundle or store ids such as com.example.app or id389801252; blank lines and a header line are skipped, repeats kept once; at most ${MAX_PUBLISHER_FILE_BYTES / 1024 / 1024} MB). A rejected file stores nothing and answers 400 with the file's message, \`file_error\` (invalid_file, empty_file, multiple_columns, wrong_publishers), \`more_lines\` and a detail per bad line (\`line\`, the first 1,000).`;

/**
 * Publisher lists (decision 018): §6 `resources-publishers` for every call. A list outside the caller's scope
 * answers 404 whoever asks; then writes need an edit role (403), and a deleted list cannot change (409,
 * decision 039). The §7
 * `GET /v2/organization/{id}/publishers-lists` lists one organization's own lists.
 */
export const publisherListsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;

  app.get('/v2/organization/:id/publishers-lists', {
    config: { access: 'resources-publishers' },
    schema: {
      summary:
        "An organization's publisher lists (allow and block); deleted ones only when filtering on `state`",
      description: describeListQuery(PUBLISHER_LIST_LIST_SPEC),
      tags: ['publisher lists'],
      params: ZOrganizationParams,
      querystring: ZListQuery(PUBLISHER_LIST_LIST_SPEC),
      response: { 200: ZPublisherList.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisiblePublisherLists(
        deps.db,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  app.get('/publisher-lists', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Publisher lists the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(PUBLISHER_LISTS_SPEC),
      tags: ['publisher lists'],
      querystring: ZListQuery(PUBLISHER_LISTS_SPEC),
      response: { 200: ZPublisherListRow.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listPublisherLists(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/publisher-list', {
    config: { access: 'resources-publishers' },
    preValidation: acceptPublisherUpload,
    onResponse: removeUploadedFile,
    schema: {
      summary: 'Create a publisher list (allow or block) with its publishers (JSON `publishers` or a file)',
      description: UPLOAD_DESCRIPTION,
      tags: ['publisher lists'],
      body: ZPublisherListCreate,
      response: { 201: ZPublisherListRow },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createPublisherList(deps, principalOf(request), request.body, fileOf(request))),
  });

  app.get('/publisher-list/:id', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'One publisher list (its publishers: GET /publisher-list/{id}/publishers)',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      response: { 200: ZPublisherListRow },
    },
    handler: async (request) => getPublisherList(deps, principalOf(request), request.params.id),
  });

  app.put('/publisher-list/:id', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Rename a publisher list or change its kind, at the version last read (409 when stale)',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      body: ZPublisherListUpdate,
      response: { 200: ZPublisherListRow },
    },
    handler: async (request) =>
      updatePublisherList(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/publisher-list/:id', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Delete a publisher list (state deleted, kept with its publishers and history)',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      querystring: ZPublisherListVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deletePublisherList(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/publisher-list/:id/duplicate', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'A copy of a publisher list with its publishers, in the same organization',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      body: ZPublisherListDuplicate.optional(),
      response: { 201: ZPublisherListRow },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await duplicatePublisherList(deps, principalOf(request), request.params.id, request.body ?? {}),
        ),
  });

  app.get('/publisher-list/:id/history', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Who changed what and when on the publisher list, newest first',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      response: { 200: ZPublisherListHistoryEntry.array() },
    },
    handler: async (request) => publisherListHistory(deps, principalOf(request), request.params.id),
  });

  app.get('/publisher-list/:id/publishers', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: "A page of a list's publishers, with their platform and catalogue name",
      description: describeListQuery(PUBLISHER_ENTRY_LIST_SPEC),
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      querystring: ZListQuery(PUBLISHER_ENTRY_LIST_SPEC),
      response: { 200: ZPublisherEntry.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listPublishersOfList(
        deps,
        principalOf(request),
        request.params.id,
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  app.post('/publisher-list/:id/publishers', {
    config: { access: 'resources-publishers' },
    preValidation: acceptPublisherUpload,
    onResponse: removeUploadedFile,
    schema: {
      summary:
        'Upload a file whose publishers replace the list\'s (`mode: "replace"`) or are added (`"append"`)',
      description: `${UPLOAD_DESCRIPTION} The \`data\` field carries \`version\` (the list's, 409 when stale) and \`mode\`.`,
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      body: ZPublisherUpload,
      response: { 200: ZPublisherListRow },
    },
    handler: async (request) =>
      uploadPublishers(deps, principalOf(request), request.params.id, request.body, fileOf(request)),
  });

  app.put('/publisher-list/:id/publishers', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Add and remove named publishers (the search publishers dialog), at the version last read',
      tags: ['publisher lists'],
      params: ZPublisherListIdParams,
      body: ZPublisherChanges,
      response: { 200: ZPublisherListRow },
    },
    handler: async (request) => changePublishers(deps, principalOf(request), request.params.id, request.body),
  });

  app.get('/publishers', {
    config: { access: 'resources-publishers' },
    schema: {
      summary: 'Search the known publishers and apps (every publisher ever listed, and well-known ones)',
      description: describeListQuery(PUBLISHER_CATALOGUE_LIST_SPEC),
      tags: ['publisher lists'],
      querystring: ZListQuery(PUBLISHER_CATALOGUE_LIST_SPEC),
      response: { 200: ZCataloguePublisher.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await searchPublishers(deps, request.query);
      return sendList(reply, rows, total);
    },
  });
};
