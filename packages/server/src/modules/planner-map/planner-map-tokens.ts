import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { sign } from '../../lib/installation-secrets';
import { safeEqual } from '../../lib/tokens';

const ZPlannerTokenPayload = z.object({ o: z.string(), e: z.number(), n: z.string() });

/**
 * The token of a planner map redirect: "organization O, until T", signed with the installation's planner
 * secret (HMAC-SHA256). Its form is `base64url(JSON {o: organization id, e: expiry in Unix seconds, n: nonce})`
 * `.` `base64url(HMAC of the first part)`, so the planner can check it with the shared secret alone.
 */
export type PlannerTokenClaims = { organizationId: string; expiresAt: number };

export const signPlannerToken = (secret: string, claims: PlannerTokenClaims): string => {
  const payload = Buffer.from(
    JSON.stringify({
      o: claims.organizationId,
      e: claims.expiresAt,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
};

/** The claims of a token signed with `secret` and not yet expired at `nowSeconds`, else null. */
export const verifyPlannerToken = (
  secret: string,
  token: string,
  nowSeconds: number,
): PlannerTokenClaims | null => {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, sign(secret, payload))) return null;
  try {
    const parsed = ZPlannerTokenPayload.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    if (!parsed.success || parsed.data.e <= nowSeconds) return null;
    return { organizationId: parsed.data.o, expiresAt: parsed.data.e };
  } catch {
    return null;
  }
};
