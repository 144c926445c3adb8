import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens';

const ZGrantPayload = z.object({ s: z.string(), u: z.string(), e: z.number(), n: z.string() });

/**
 * A simulation grant is a short-lived, signed statement "session S may become user U until T". Signing lets a
 * session list many simulatable users without a database write per user; single use is enforced when one is
 * exchanged (its hash is recorded).
 */
export type GrantClaims = { sessionId: string; targetUserId: string; expiresAt: number };

export const signGrant = (secret: string, claims: GrantClaims): string => {
  const payload = Buffer.from(
    JSON.stringify({
      s: claims.sessionId,
      u: claims.targetUserId,
      e: claims.expiresAt,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
};

export const verifyGrant = (secret: string, grant: string, now: number): GrantClaims | null => {
  const [payload, signature, ...rest] = grant.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', secret).update(payload).digest('base64url');
  if (!safeEqual(signature, expected)) return null;
  try {
    const parsed = ZGrantPayload.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.e <= now) return null;
    return { sessionId: parsed.data.s, targetUserId: parsed.data.u, expiresAt: parsed.data.e };
  } catch {
    return null;
  }
};
