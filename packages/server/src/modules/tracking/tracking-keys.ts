import { sign } from '../../lib/installation-secrets';
import { safeEqual } from '../../lib/tokens';

/** 32 base64url characters of the HMAC: 192 bits, beyond guessing. */
const SIGNATURE_LENGTH = 32;
const KEY_PATTERN = /^([1-9]\d{0,17})-([\w-]+)$/;

const signatureOf = (secret: string, organizationId: string): string =>
  sign(secret, `tracking-key:${organizationId}`).slice(0, SIGNATURE_LENGTH);

/**
 * The tracking key of an organization: its id and an HMAC of it under the installation's tracking secret.
 * It is derived, not stored, so it never changes and needs no lookup; without the secret nobody can make the
 * key of another organization, so nobody can record events for it.
 */
export const trackingKeyOf = (secret: string, organizationId: string): string =>
  `${organizationId}-${signatureOf(secret, organizationId)}`;

/** The organization id a key was made for, or null when the key was not made with this secret. */
export const organizationOfTrackingKey = (secret: string, key: string): string | null => {
  const match = KEY_PATTERN.exec(key);
  const [, organizationId, signature] = match ?? [];
  if (!organizationId || !signature) return null;
  return safeEqual(signature, signatureOf(secret, organizationId)) ? organizationId : null;
};
