import {
  type UploadRule,
  uploadKindsText,
  uploadSizeText,
  uploadTooLargeMessage,
  uploadWrongKindMessage,
} from '@beacon/domain/validation/uploads';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import { type FileKind, sniffFileKind } from '../lib/file-store';
import { checkUploadedPicture } from '../lib/image-upload-check';

/** An uploaded file, read whole and recognised by its content. */
export type Upload = { field: string; filename: string; kind: FileKind; data: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request accepted by `acceptMultipart`, by field name. */
    uploads: Record<string, Upload>;
  }
}

/** What one file field of a multipart route accepts (the rules live in the domain, decision 035). */
export type UploadField = UploadRule;

/** The multipart field that carries the JSON body when a request also sends files. */
export const MULTIPART_DATA_FIELD = 'data';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Registers the multipart parser (limits are per route, in acceptMultipart). */
export const registerUploads = async (app: FastifyInstance): Promise<void> => {
  app.decorateRequest('uploads', null as unknown as Record<string, Upload>);
  app.addHook('onRequest', async (request) => {
    if (!request.isEngineRoute) request.uploads = {};
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 8, parts: 12, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: false,
  });
};

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { details: [{ path, message }] });

const readParts = async (request: FastifyRequest, fields: Record<string, UploadField>) => {
  let data: string | undefined;
  const uploads: Record<string, Upload> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== MULTIPART_DATA_FIELD || typeof part.value !== 'string') {
        throw invalid(part.fieldname, `Send the changes as JSON in the "${MULTIPART_DATA_FIELD}" field`);
      }
      data = part.value;
      continue;
    }
    const field = Object.hasOwn(fields, part.fieldname) ? fields[part.fieldname] : undefined;
    if (!field) {
      await part.toBuffer();
      throw invalid(part.fieldname, 'This file is not expected here');
    }
    const content = await part.toBuffer();
    if (part.file.truncated || content.byteLength > field.maxBytes) {
      throw invalid(part.fieldname, uploadTooLargeMessage(field));
    }
    const kind = sniffFileKind(content);
    if (content.byteLength === 0 || !kind || !field.kinds.includes(kind)) {
      throw invalid(part.fieldname, uploadWrongKindMessage(field, kind));
    }
    // Every picture is measured from its header before anything decodes it, then decoded once (decision 035).
    const picture = await checkUploadedPicture(field, kind, content);
    if (!picture.ok) throw invalid(part.fieldname, picture.message);
    uploads[part.fieldname] = { field: part.fieldname, filename: part.filename, kind, data: content };
  }
  return { data, uploads };
};

/**
 * A route that takes its JSON body either as JSON or, when files come with it, as multipart/form-data: the
 * changes as JSON in the `data` field and each file in its own field. The hook reads the parts, checks each
 * file's real type (by content) and size, puts the files on `request.uploads` and the parsed `data` on
 * `request.body`, so that the route's body schema validates both encodings the same way.
 */
export const acceptMultipart =
  (fields: Record<string, UploadField>): preValidationAsyncHookHandler =>
  async (request) => {
    if (!request.isMultipart()) return;
    const { data, uploads } = await readParts(request, fields);
    let body: unknown = {};
    if (data !== undefined && data.trim() !== '') {
      try {
        body = JSON.parse(data);
      } catch {
        throw invalid(MULTIPART_DATA_FIELD, 'The changes are not valid JSON');
      }
    }
    request.body = body;
    request.uploads = uploads;
  };

/** For OpenAPI descriptions: what a multipart route accepts. */
export const describeUploads = (fields: Record<string, UploadField>): string =>
  [
    `Send JSON, or multipart/form-data with the JSON in the \`${MULTIPART_DATA_FIELD}\` field and files in:`,
    ...Object.entries(fields).map(
      ([name, field]) =>
        `- \`${name}\`: ${uploadKindsText(field.kinds)}, at most ${uploadSizeText(field.maxBytes)}`,
    ),
  ].join('\n');
