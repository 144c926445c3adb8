import { CREATIVE_TYPE_LABELS, formatSize } from '@beacon/domain/dictionary/creatives';
import {
  CREATIVE_NO_VIDEO_MESSAGE,
  CREATIVE_PROCESSING_ERROR_MESSAGE,
} from '@beacon/domain/validation/messages';
import { sign } from '../../lib/installation-secrets';
import { safeEqual } from '../../lib/tokens';
import type { CreativeRecord } from './creatives.repo';

/**
 * Creative previews (decision 023). The console asks GET /creative/{id}/preview for a short-lived signed
 * link to a public document, GET /api/creative-preview/{token}, that shows the creative as it will serve:
 * third-party HTML included as it is. That document is sent with `Content-Security-Policy: sandbox
 * allow-scripts` (no allow-same-origin), so even opened on its own its scripts run in an opaque origin: they
 * cannot read the console's storage (where the session token lives), call the API as the user, or navigate
 * the console; the console embeds it in `<iframe sandbox="allow-scripts">` as a second lock.
 */

export const PREVIEW_PATH = '/api/creative-preview/';
export const PREVIEW_TTL_SECONDS = 10 * 60;

/** The CSP of the preview document: scripts yes, same-origin rights, forms, popups, top navigation no. */
export const PREVIEW_CSP = "sandbox allow-scripts; frame-ancestors 'self'";

/** `<creative id>.<expiry in epoch seconds>.<signature>`: nothing else to look up, nothing to store. */
export const signPreviewToken = (secret: string, creativeId: string, expiresAt: Date): string => {
  const claims = `${creativeId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${claims}.${sign(secret, `creative-preview:${claims}`)}`;
};

/** The creative id a token stands for, or `undefined` when it is forged, malformed or expired. */
export const verifyPreviewToken = (secret: string, token: string, now: Date): string | undefined => {
  const match = /^([1-9]\d{0,17})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, creativeId = '', expiry = '', signature = ''] = match;
  if (!safeEqual(signature, sign(secret, `creative-preview:${creativeId}.${expiry}`))) return undefined;
  return Number(expiry) * 1000 > now.getTime() ? creativeId : undefined;
};

const escapeHtml = (text: string): string => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Only our own files and https URLs go into src attributes (a javascript: URL would run on click). */
const safeUrl = (url: string | null | undefined): string | undefined =>
  url && (url.startsWith('/api/files/') || /^https:\/\//i.test(url)) ? escapeHtml(url) : undefined;

const note = (text: string): string => `<p class="note">${escapeHtml(text)}</p>`;

const linked = (record: CreativeRecord, inner: string): string => {
  const click = safeUrl(record.click_url);
  return click ? `<a href="${click}" target="_blank" rel="noopener noreferrer">${inner}</a>` : inner;
};

const videoBody = (record: CreativeRecord): string => {
  if (record.transcoding_status === 'error') return note(CREATIVE_PROCESSING_ERROR_MESSAGE);
  const rendition = record.renditions?.at(-1);
  const source = safeUrl(rendition?.url);
  if (record.transcoding_status !== 'success' || !source) return note(CREATIVE_NO_VIDEO_MESSAGE);
  const poster = safeUrl(record.asset?.poster_url);
  return `<video controls playsinline src="${source}"${poster ? ` poster="${poster}"` : ''} width="${rendition?.width}" height="${rendition?.height}"></video>`;
};

const externalVideoBody = (record: CreativeRecord): string => {
  const media = record.vast_xml
    ? /<MediaFile[^>]*>\s*(?:<!\[CDATA\[)?\s*(https:\/\/[^\s<\]]+)/i.exec(record.vast_xml)?.[1]
    : undefined;
  const source = safeUrl(media);
  if (source) return `<video controls playsinline src="${source}"></video>`;
  return note(
    record.vast_url ? `VAST served from ${record.vast_url}` : 'The VAST document has no playable media file',
  );
};

const nativeBody = (record: CreativeRecord): string => {
  const native = record.native;
  if (!native) return note('This native creative has no content yet');
  const image = safeUrl(native.main_image_url);
  const icon = safeUrl(native.icon_url);
  return linked(
    record,
    `<article class="native">${image ? `<img class="main" src="${image}" alt="">` : ''}<header>${icon ? `<img class="icon" src="${icon}" alt="">` : ''}<strong>${escapeHtml(native.title)}</strong></header><p>${escapeHtml(native.description)}</p><footer><span>${escapeHtml(native.sponsored_by)}</span><span class="cta">${escapeHtml(native.call_to_action)}</span></footer></article>`,
  );
};

const bodyOf = (record: CreativeRecord): string => {
  switch (record.type) {
    case 'image': {
      const image = safeUrl(record.asset?.url);
      if (!image) return note('This creative has no image yet');
      return linked(
        record,
        // The picture is the link's only content: its alt text names the link (the creative's name).
        `<img src="${image}" width="${record.width ?? ''}" height="${record.height ?? ''}" alt="${escapeHtml(record.name)}">`,
      );
    }
    case 'tag':
    case 'rich_media': {
      // Third-party markup, as it will serve: this is what the sandbox is for.
      const size =
        record.width && record.height ? formatSize({ width: record.width, height: record.height }) : '';
      return `<div class="slot" data-size="${size}" style="width:${record.width ?? 300}px;height:${record.height ?? 250}px">${record.html_markup ?? ''}</div>`;
    }
    case 'video':
      return videoBody(record);
    case 'external_video':
      return externalVideoBody(record);
    case 'native':
      return nativeBody(record);
    case 'audio': {
      const audio = safeUrl(record.asset?.url);
      return audio ? `<audio controls src="${audio}"></audio>` : note('This creative has no audio yet');
    }
  }
};

/** The preview document of a creative. */
export const previewDocument = (record: CreativeRecord): string =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(`${CREATIVE_TYPE_LABELS[record.type]} preview: ${record.name}`)}</title>`,
    '<style>body{margin:0;padding:8px;font:14px system-ui,sans-serif;color:#1f2933;background:#fff}img,video{max-width:100%;height:auto;display:block}.note{color:#52606d}.native{max-width:320px;border:1px solid #cbd2d9;border-radius:4px;overflow:hidden}.native header{display:flex;gap:8px;align-items:center;padding:8px}.native .icon{width:32px;height:32px}.native p{padding:0 8px}.native footer{display:flex;justify-content:space-between;padding:8px;color:#52606d}.native .cta{font-weight:600;color:#0b4f9c}</style>',
    '</head><body>',
    bodyOf(record),
    '</body></html>',
  ].join('\n');

/** What an expired or forged link shows (inside the same sandbox). */
export const PREVIEW_EXPIRED_DOCUMENT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview expired</title></head><body><p>This preview link has expired. Open the creative again to see it.</p></body></html>';
