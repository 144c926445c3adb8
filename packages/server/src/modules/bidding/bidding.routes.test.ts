import type { TBiddingState } from '@beacon/domain/api/exchanges';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { BIDDING_ENABLED_SETTING, readBiddingEnabled } from '../../engine/bidder-state';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';

/** Platform bidding (spec §4 "Stop bidding") through the API: the setting, history and the tech team's email. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const TECH_TEAM = 'oncall@example.test';

const call = (who: string, method: 'GET' | 'PUT', payload?: unknown): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url: '/api/backoffice/bidding',
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const emailsToTechTeam = () =>
  ctx.db
    .selectFrom('outbox')
    .select(['subject', 'body_text'])
    .where('recipient', '=', TECH_TEAM)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  ctx = await startTestApp({ env: { BEACON_TECH_TEAM_EMAIL: TECH_TEAM } });
  for (const who of ['admin', 'supervisor', 'account_manager', 'support', 'owner']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('platform bidding', () => {
  it('is on until someone stops it; stopping and starting write the setting, history and an email', async () => {
    const initial = await call('account_manager', 'GET');
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json<TBiddingState>()).toEqual({ enabled: true, changed_at: null, changed_by: null });

    ctx.clock.set(new Date('2026-11-27T16:05:30Z'));
    const stopped = await call('admin', 'PUT', { enabled: false });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const state = stopped.json<TBiddingState>();
    expect(state).toMatchObject({ enabled: false, changed_by: { username: 'admin', name: 'Ada Admin' } });
    expect(state.changed_at).not.toBeNull();
    expect(await readBiddingEnabled(ctx.db)).toBe(false);
    expect((await call('support', 'GET')).statusCode).toBe(403);
    expect((await call('account_manager', 'GET')).json<TBiddingState>()).toEqual(state);

    const emails = await emailsToTechTeam();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Beacon: platform bidding stopped');
    expect(emails[0]?.body_text).toContain('Ada Admin (admin)');
    expect(emails[0]?.body_text).toContain('2026-11-27 16:05 UTC');

    // The state it already has changes nothing: no history, no email.
    expect((await call('supervisor', 'PUT', { enabled: false })).json<TBiddingState>()).toEqual(state);
    expect(await emailsToTechTeam()).toHaveLength(1);

    const started = await call('supervisor', 'PUT', { enabled: true });
    expect(started.json<TBiddingState>()).toMatchObject({
      enabled: true,
      changed_by: { username: 'supervisor' },
    });
    const setting = await ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', BIDDING_ENABLED_SETTING)
      .executeTakeFirstOrThrow();
    expect(setting.value).toBe('true');
    expect((await emailsToTechTeam()).map((email) => email.subject)).toEqual([
      'Beacon: platform bidding stopped',
      'Beacon: platform bidding started',
    ]);
    const history = await ctx.db
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('entity', '=', 'bidding')
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'stop', changes: [{ field: 'enabled', from: true, to: false }] },
      { action: 'start', changes: [{ field: 'enabled', from: false, to: true }] },
    ]);
  });

  it('lets only admins of the operator switch it, and checks the body', async () => {
    for (const who of ['account_manager', 'support', 'owner']) {
      const response = await call(who, 'PUT', { enabled: false });
      expect(response.statusCode, who).toBe(403);
    }
    expect(await readBiddingEnabled(ctx.db)).toBe(true);
    for (const body of [{}, { enabled: 'no' }, { enabled: false, extra: 1 }]) {
      expect((await call('admin', 'PUT', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('owner', 'GET')).statusCode).toBe(403);
  });

  it('writes to tech@ the sender’s domain unless BEACON_TECH_TEAM_EMAIL names the team', () => {
    expect(ctx.config.techTeamEmail).toBe(TECH_TEAM);
    expect(loadConfig({}).techTeamEmail).toBe('tech@beacon.localhost');
    expect(loadConfig({ MAIL_FROM: 'Ads <no-reply@ads.example.com>' }).techTeamEmail).toBe(
      'tech@ads.example.com',
    );
  });
});
