import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type GrantClaims, signGrant, verifyGrant } from './simulation-grants';

/** Simulation grants: signed, short-lived statements "session S may become user U until T". */

const SECRET = 'test-secret-0123456789';
const NOW = Date.parse('2026-03-02T09:00:00Z');
const CLAIMS: GrantClaims = { sessionId: '17', targetUserId: '42', expiresAt: NOW + 300_000 };

const split = (grant: string): [string, string] => {
  const [payload = '', signature = ''] = grant.split('.');
  return [payload, signature];
};
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (payload: string, secret = SECRET) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

describe('signGrant and verifyGrant', () => {
  it('round-trips the claims', () => {
    const grant = signGrant(SECRET, CLAIMS);
    expect(grant).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyGrant(SECRET, grant, NOW)).toEqual(CLAIMS);
  });

  it('makes every grant unique, even for the same claims', () => {
    const grants = new Set(Array.from({ length: 20 }, () => signGrant(SECRET, CLAIMS)));
    expect(grants.size).toBe(20);
  });

  it('rejects a grant whose payload was changed', () => {
    const [payload, signature] = split(signGrant(SECRET, CLAIMS));
    const forUser = encode({ ...decode(payload), u: '1' });
    const longer = encode({ ...decode(payload), e: CLAIMS.expiresAt + 3_600_000 });
    expect(verifyGrant(SECRET, `${forUser}.${signature}`, NOW)).toBeNull();
    expect(verifyGrant(SECRET, `${longer}.${signature}`, NOW)).toBeNull();
  });

  it('rejects a grant whose signature was changed or removed', () => {
    const grant = signGrant(SECRET, CLAIMS);
    const [payload, signature] = split(grant);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyGrant(SECRET, `${payload}.${flipped}`, NOW)).toBeNull();
    expect(verifyGrant(SECRET, `${payload}.${signature.slice(1)}`, NOW)).toBeNull();
    expect(verifyGrant(SECRET, `${payload}.`, NOW)).toBeNull();
    expect(verifyGrant(SECRET, payload, NOW)).toBeNull();
    expect(verifyGrant(SECRET, `${grant}.more`, NOW)).toBeNull();
    expect(verifyGrant(SECRET, '', NOW)).toBeNull();
  });

  it('rejects an expired grant, from the expiry instant on', () => {
    const grant = signGrant(SECRET, CLAIMS);
    expect(verifyGrant(SECRET, grant, CLAIMS.expiresAt - 1)).toEqual(CLAIMS);
    expect(verifyGrant(SECRET, grant, CLAIMS.expiresAt)).toBeNull();
    expect(verifyGrant(SECRET, grant, CLAIMS.expiresAt + 60_000)).toBeNull();
  });

  it('rejects a grant signed with another secret', () => {
    expect(verifyGrant('another-secret', signGrant(SECRET, CLAIMS), NOW)).toBeNull();
    expect(verifyGrant(SECRET, signGrant('another-secret', CLAIMS), NOW)).toBeNull();
  });

  it('rejects a correctly signed payload that is not a grant, without throwing', () => {
    for (const payload of [
      Buffer.from('not json').toString('base64url'),
      encode({ s: '17', u: '42' }),
      encode({ s: 17, u: '42', e: CLAIMS.expiresAt, n: 'x' }),
      encode(['17', '42']),
    ]) {
      expect(verifyGrant(SECRET, `${payload}.${sign(payload)}`, NOW)).toBeNull();
    }
  });
});
