import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import type { ActiveSessionRow } from './session.repo';
import { createSessionCache } from './session-cache';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
});
afterAll(async () => {
  await ctx.close();
});

const sessionStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode;

describe('session cache (SESSION_CACHE_SECONDS)', () => {
  it('refuses a logged-out token at once, cache or not', async () => {
    const token = await loginAs(ctx.app, 'editor');
    expect(await sessionStatus(token)).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(await sessionStatus(token)).toBe(401);
  });

  it('sees a revocation made by another process within the cache lifetime', async () => {
    const token = await loginAs(ctx.app, 'viewer');
    expect(await sessionStatus(token)).toBe(200);
    // Another process revokes the session: this one has it cached for at most a second.
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await sessionStatus(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await sessionStatus(token)).toBe(401);
  });

  it('ends the other sessions of a user who changes the password at once', async () => {
    const other = await loginAs(ctx.app, 'owner');
    const current = await loginAs(ctx.app, 'owner');
    expect(await sessionStatus(other)).toBe(200);
    const session = (
      await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(current) })
    ).json();
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: bearer(current),
      payload: {
        organizationId: session.organization.id,
        userId: session.user.id,
        currentPassword: 'Beacon-demo-1',
        password: 'Another-pass-2',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
  });
});

describe('session cache lookups', () => {
  const row = (sessionId: string): ActiveSessionRow => ({
    session_id: sessionId,
    purpose: 'full',
    impersonator_user_id: null,
    parent_session_id: null,
    created_at: new Date('2026-11-26T10:00:00Z'),
    last_seen_at: new Date('2026-11-26T10:00:00Z'),
    expires_at: new Date('2026-11-27T10:00:00Z'),
    user_id: '7',
    username: 'someone',
    role: 'editor',
    organization_id: '2',
    organization_role: 'regular',
    organization_path: '1/2',
    impersonator_role: null,
    campaign_advertiser_paths: [],
  });

  /** A lookup that answers when told to, counting how often it was asked. */
  const pendingLookup = () => {
    const asked = { times: 0 };
    let answer: (value: ActiveSessionRow | null) => void = () => {};
    const lookUp = () => {
      asked.times += 1;
      return new Promise<ActiveSessionRow | null>((resolve) => {
        answer = resolve;
      });
    };
    return { asked, lookUp, answer: (value: ActiveSessionRow | null) => answer(value) };
  };

  it('asks once for requests that miss the same token together, and remembers what it found', async () => {
    const cache = createSessionCache(60_000);
    const { asked, lookUp, answer } = pendingLookup();
    const waiting = Array.from({ length: 8 }, () => cache.load('token-a', lookUp));
    answer(row('s1'));
    const rows = await Promise.all(waiting);
    expect(asked.times).toBe(1);
    expect(rows.map((found) => found?.session_id)).toEqual(Array(8).fill('s1'));
    expect(cache.get('token-a')?.session_id).toBe('s1');
    const other = pendingLookup();
    const b = cache.load('token-b', other.lookUp);
    other.answer(null);
    expect(await b).toBeNull();
    expect(other.asked.times).toBe(1);
    expect(cache.get('token-b')).toBeUndefined();
  });

  it('asks again after a lookup ends, and does not remember one that a clear overtook', async () => {
    const cache = createSessionCache(60_000);
    const first = pendingLookup();
    const overtaken = cache.load('token-c', first.lookUp);
    cache.clear();
    const second = pendingLookup();
    const afterClear = cache.load('token-c', second.lookUp);
    expect(second.asked.times).toBe(1);
    first.answer(row('revoked'));
    expect((await overtaken)?.session_id).toBe('revoked');
    expect(cache.get('token-c')).toBeUndefined();
    second.answer(row('s2'));
    expect((await afterClear)?.session_id).toBe('s2');
    expect(cache.get('token-c')?.session_id).toBe('s2');
  });

  it('shares a lookup that fails, then asks afresh', async () => {
    const cache = createSessionCache(60_000);
    let times = 0;
    const failing = () => {
      times += 1;
      return Promise.reject(new Error('database away'));
    };
    await expect(
      Promise.all([cache.load('token-d', failing), cache.load('token-d', failing)]),
    ).rejects.toThrow('database away');
    expect(times).toBe(1);
    await expect(cache.load('token-d', failing)).rejects.toThrow('database away');
    expect(times).toBe(2);
  });
});
