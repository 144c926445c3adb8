import type { CreativeUploadSlot } from '@beacon/domain/validation/creative-asset';
import { assetTooLargeMessage } from '@beacon/domain/validation/creative-asset';
import type { FastifyRequest } from 'fastify';
import type { AppInstance, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { ZIdParams } from '../campaigns/campaigns.schemas';
import { checkCreativeFile } from './creative-asset-check';
import {
  CREATIVE_FILE_FIELD,
  invalidUpload,
  storeCreativeUpload,
  type UploadTarget,
  uploadTargetOf,
} from './creative-files.service';
import { ZCreative } from './creatives.schemas';

/**
 * Creative file uploads (decision 023), §6 `creative`: multipart/form-data with one `file`. The size limit
 * of the slot is enforced twice before the file is read: from `content-length` (refused at once) and by the
 * multipart reader (which stops at the limit). The whole file is then checked by content; a refusal answers
 * 400 with the §5-hinted message and stores nothing.
 */

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new AppError('AUTHENTICATION_REQUIRED');
  return request.principal;
};

/** Drains a part the route will not use, so that the browser reads the answer instead of a broken pipe. */
const drain = (stream: NodeJS.ReadableStream) =>
  new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.resume();
  });

/** Reads the one file of the request, at most the rule's bytes; refusals are thrown before anything is kept. */
const readUploadedFile = async (request: FastifyRequest, target: UploadTarget): Promise<Buffer> => {
  const { rule } = target;
  if (!request.isMultipart())
    throw invalidUpload(`Send the file as multipart/form-data in "${CREATIVE_FILE_FIELD}"`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rule.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw invalidUpload(assetTooLargeMessage(rule));
  }
  let file: Buffer | undefined;
  let refusal: AppError | undefined;
  for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: 0 } })) {
    if (part.type === 'field') continue;
    if (part.fieldname !== CREATIVE_FILE_FIELD || file) {
      await drain(part.file);
      refusal ??= invalidUpload(`Send one file, in the "${CREATIVE_FILE_FIELD}" field`);
      continue;
    }
    const content = await part.toBuffer();
    if (part.file.truncated) refusal ??= invalidUpload(assetTooLargeMessage(rule));
    else file = content;
  }
  if (refusal) throw refusal;
  if (!file) throw invalidUpload(`Send the file in the "${CREATIVE_FILE_FIELD}" field`);
  return file;
};

const SLOTS: { slot: CreativeUploadSlot; path: string; summary: string }[] = [
  {
    slot: 'asset',
    path: '/creative/:id/asset',
    summary:
      "Upload a creative's main file: image (JPEG, PNG, GIF up to 100 KB at one of the 27 sizes), video (MP4 up to 2 MB and 30 s; processed afterwards), audio (MP3 or WAV up to 30 s) or a native creative's main image (up to 1 MB and 300x300)",
  },
  {
    slot: 'companion',
    path: '/creative/:id/companion',
    summary: "Upload a video creative's companion ad image (JPEG, PNG, GIF up to 200 KB)",
  },
  {
    slot: 'native-icon',
    path: '/creative/:id/native-icon',
    summary: "Upload a native creative's icon (JPEG, PNG, GIF up to 1 MB and 300x300)",
  },
];

export const creativeFilesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  for (const { slot, path, summary } of SLOTS) {
    app.post(path, {
      config: { access: 'creative' },
      schema: {
        summary,
        description: `multipart/form-data with the file in \`${CREATIVE_FILE_FIELD}\`. The file is recognised by its content, never its name or declared type; a refused file (too large, another kind, damaged or cut short, a picture declaring far more pixels than allowed, a clip too long) answers 400 with the reason and the §5 hint, and nothing is stored. A new file puts the creative back to pending approval; a video's \`transcoding_status\` is \`pending\` until its renditions and poster are made.`,
        tags: ['creatives'],
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZCreative },
      },
      handler: async (request) => {
        const principal = principalOf(request);
        const target = await uploadTargetOf(deps, principal, request.params.id, slot);
        const data = await readUploadedFile(request, target);
        const checked = await checkCreativeFile(target.rule, data);
        if (!checked.ok) throw invalidUpload(checked.message);
        return storeCreativeUpload(deps, principal, target, checked.file);
      },
    });
  }
};
