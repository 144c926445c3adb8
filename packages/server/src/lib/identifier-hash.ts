import { createHmac } from 'node:crypto';

/**
 * The keyed hash of a device identifier (HMAC-SHA256 under the installation's key, as hex). Audience uploads
 * store only these hashes and the bidder hashes a request's identifiers the same way to match them, so both
 * use this one function (docs/decisions/019-audiences.md, 040-buying-engine-core.md).
 */
export const identifierHasher =
  (secret: string) =>
  (identifier: string): string =>
    createHmac('sha256', secret).update(identifier).digest('hex');
