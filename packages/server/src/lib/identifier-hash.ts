import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * The keyed hash of a device identifier (HMAC-SHA256 under the installation's key, as hex). Audience uploads
 * store only these hashes and the bidder hashes a request's identifiers the same way to match them, so both
 * use this one function (docs/decisions/019-audiences.md, 040-buying-engine-core.md).
 */
export const identifierHasher = (secret: string) => {
  const key = keyOf(secret);
  return (identifier: string): string => createHmac('sha256', key).update(identifier).digest('hex');
};

/** How many identifiers' hashes `rememberingHasher` keeps (about 15 MB of memory at most). */
export const REMEMBERED_HASHES = 100_000;

/**
 * `identifierHasher` that remembers its last REMEMBERED_HASHES answers (the oldest forgotten first): the bidder
 * sees the same devices again and again, and an HMAC costs more than a Map read. One per secret.
 */
export const rememberingHasher = (() => {
  let current: { secret: string; hash: (identifier: string) => string } | undefined;
  return (secret: string): ((identifier: string) => string) => {
    if (current?.secret === secret) return current.hash;
    const hash = identifierHasher(secret);
    const remembered = new Map<string, string>();
    const remembering = (identifier: string): string => {
      let value = remembered.get(identifier);
      if (value === undefined) {
        value = hash(identifier);
        if (remembered.size >= REMEMBERED_HASHES) {
          const oldest = remembered.keys().next();
          if (!oldest.done) remembered.delete(oldest.value);
        }
        remembered.set(identifier, value);
      }
      return value;
    };
    current = { secret, hash: remembering };
    return remembering;
  };
})();

/**
 * The key of the last secret hashed with: the bidder hashes every request's identifiers under one secret, and
 * a key prepared once saves reading the secret's text on each hash.
 */
let lastKey: { secret: string; key: KeyObject } | undefined;
const keyOf = (secret: string): KeyObject => {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return lastKey.key;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A device's advertising id as it is hashed: trimmed, a UUID in lower case (as uploads store them); null when
 * blank or all zeros (a device whose user limited ad tracking). The bidder (a request's `device.ifa`) and the
 * conversion intake (a postback's device id) both use it, so the same device gives the same hash.
 */
export const normalizedDeviceIdentifier = (raw: string): string | null => {
  const id = raw.trim();
  if (id === '' || id.toLowerCase() === NIL_UUID) return null;
  return UUID.test(id) ? id.toLowerCase() : id;
};
