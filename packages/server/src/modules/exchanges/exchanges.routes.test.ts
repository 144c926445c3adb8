import {
  EXCHANGE_ADDRESS_MESSAGE,
  EXCHANGE_DELETED_MESSAGE,
  EXCHANGE_KEY_MESSAGE,
  EXCHANGE_KEY_TAKEN_MESSAGE,
  type TExchange,
  type TExchangeRow,
} from '@beacon/domain/api/exchanges';
import type { THistoryEntry } from '@beacon/domain/api/history';
import {
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
  REQUIRED_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { SEED_ACTOR } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createUser } from '../users/users.service';
import { isAddressOrBlock } from './exchanges.service';

/** The back office's exchanges through the API (docs/engine.md): CRUD, rules, token rotation and who may call. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
type Details = { path: string; message: string }[];

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const detailsOf = (response: LightMyRequestResponse): Details =>
  response.json<{ details?: Details }>().details ?? [];

let sequence = 0;
const uniqueKey = () => {
  sequence += 1;
  return `x${sequence}-${Date.now().toString(36)}`;
};

const create = async (overrides: Record<string, unknown> = {}): Promise<TExchange> => {
  const response = await call('admin', 'POST', '/backoffice/exchanges', {
    name: 'Test exchange',
    key: uniqueKey(),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TExchange>();
};

const PASSWORD = 'Str0ng-enough!';

beforeAll(async () => {
  ctx = await startTestApp();
  for (const who of ['admin', 'account_manager', 'supervisor', 'support', 'owner']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
  // An admin of a client organization: §6 lets the role into the back office, the operator's rule does not.
  const agency = await ctx.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'Demo Agency')
    .executeTakeFirstOrThrow();
  await createUser(
    ctx.db,
    {
      organizationId: agency.id,
      username: 'agency_admin',
      email: 'agency.admin@demo.beacon.localhost',
      name: 'Agnes Admin',
      role: 'admin',
      password: PASSWORD,
      passwordHash: await hashPassword(PASSWORD),
    },
    SEED_ACTOR,
  );
  tokens.clientAdmin = await loginAs(ctx.app, 'agency_admin', PASSWORD);
});
afterAll(async () => {
  await ctx.close();
});

describe('exchanges', () => {
  it('creates an exchange with a generated token and the defaults, and lists and reads it', async () => {
    const key = uniqueKey();
    const created = await create({ name: 'Acme SSP', key, partner: 'pubmatic', qps_limit: 2500 });
    expect(created).toMatchObject({
      name: 'Acme SSP',
      key,
      partner: 'pubmatic',
      auction_type: 1,
      currency: 'usd',
      enabled: true,
      qps_limit: 2500,
      allowed_addresses: [],
      allow_loopback: false,
      version: 1,
      deleted_at: null,
    });
    expect(created.token).toMatch(/^[\w-]{43}$/);
    const list = await call('account_manager', 'GET', `/backoffice/exchanges?search=${key}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    const rows = list.json<TExchangeRow[]>();
    expect(rows.map((row) => row.id)).toEqual([created.id]);
    expect(rows[0]).not.toHaveProperty('token');
    const one = await call('supervisor', 'GET', `/backoffice/exchanges/${created.id}`);
    expect(one.json<TExchange>()).toEqual(created);
    expect((await call('admin', 'GET', '/backoffice/exchanges/999999999')).statusCode).toBe(404);
  });

  it('lists the demo exchanges', async () => {
    const rows = (await call('admin', 'GET', '/backoffice/exchanges?key[is]=demo')).json<TExchangeRow[]>();
    expect(rows).toMatchObject([
      {
        name: 'Demo exchange',
        key: 'demo',
        partner: null,
        auction_type: 1,
        currency: 'usd',
        enabled: true,
        allow_loopback: true,
      },
    ]);
  });

  it('answers each field’s message', async () => {
    const response = await call('admin', 'POST', '/backoffice/exchanges', {
      name: 'n'.repeat(101),
      key: 'Has Space',
      partner: 'nowhere',
      auction_type: 3,
      currency: 'xyz',
      qps_limit: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual([
      { path: 'name', message: maxLengthMessage(100) },
      { path: 'key', message: EXCHANGE_KEY_MESSAGE },
      { path: 'partner', message: INVALID_FORMAT_MESSAGE },
      { path: 'auction_type', message: INVALID_FORMAT_MESSAGE },
      { path: 'currency', message: INVALID_FORMAT_MESSAGE },
      { path: 'qps_limit', message: minValueMessage(1) },
    ]);
    const missing = await call('admin', 'POST', '/backoffice/exchanges', { name: ' ', qps_limit: 1_000_001 });
    expect(detailsOf(missing)).toEqual([
      { path: 'name', message: REQUIRED_MESSAGE },
      { path: 'key', message: REQUIRED_MESSAGE },
      { path: 'qps_limit', message: maxValueMessage(1_000_000) },
    ]);
    const addresses = await call('admin', 'POST', '/backoffice/exchanges', {
      name: 'Addresses',
      key: uniqueKey(),
      allowed_addresses: ['10.0.0.1', '10.0.0.0/33', 'example.com', '2001:db8::/48', '::1/129'],
    });
    expect(addresses.statusCode).toBe(400);
    expect(detailsOf(addresses)).toEqual([
      { path: 'allowed_addresses.1', message: EXCHANGE_ADDRESS_MESSAGE },
      { path: 'allowed_addresses.2', message: EXCHANGE_ADDRESS_MESSAGE },
      { path: 'allowed_addresses.4', message: EXCHANGE_ADDRESS_MESSAGE },
    ]);
    expect(
      (await call('admin', 'POST', '/backoffice/exchanges', { name: 'x', key: 'y', token: 'z' })).statusCode,
    ).toBe(400);
  });

  it('checks addresses and CIDR blocks as the bidder reads them', () => {
    for (const good of ['203.0.113.7', '203.0.113.0/24', '0.0.0.0/0', '::1', '2001:db8::/32']) {
      expect(isAddressOrBlock(good), good).toBe(true);
    }
    for (const bad of [
      '203.0.113.7/',
      '203.0.113.7/x',
      '300.1.1.1',
      '10.0.0.0/24/1',
      'localhost',
      '::/200',
      '',
    ]) {
      expect(isAddressOrBlock(bad), bad).toBe(false);
    }
  });

  it('keeps keys unique among live exchanges; a deleted exchange frees its key', async () => {
    const first = await create();
    const clash = await call('admin', 'POST', '/backoffice/exchanges', { name: 'Again', key: first.key });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'EXCHANGE_KEY_TAKEN',
      message: EXCHANGE_KEY_TAKEN_MESSAGE,
      details: [{ path: 'key', message: EXCHANGE_KEY_TAKEN_MESSAGE }],
    });
    const other = await create();
    const renamed = await call('admin', 'PUT', `/backoffice/exchanges/${other.id}`, {
      version: 1,
      key: first.key,
    });
    expect(renamed.statusCode).toBe(409);
    expect(detailsOf(renamed)).toEqual([{ path: 'key', message: EXCHANGE_KEY_TAKEN_MESSAGE }]);
    // Its own key back is no clash.
    expect(
      (await call('admin', 'PUT', `/backoffice/exchanges/${first.id}`, { version: 1, key: first.key }))
        .statusCode,
    ).toBe(200);
    expect((await call('admin', 'DELETE', `/backoffice/exchanges/${first.id}?version=2`)).statusCode).toBe(
      204,
    );
    await create({ key: first.key });
  });

  it('changes an exchange at the version read, records history, and refuses a stale version', async () => {
    const exchange = await create({ name: 'Before' });
    const response = await call('account_manager', 'PUT', `/backoffice/exchanges/${exchange.id}`, {
      version: 1,
      name: 'After',
      auction_type: 2,
      currency: 'eur',
      allowed_addresses: ['198.51.100.0/24', '198.51.100.0/24', ' 192.0.2.1 '],
      qps_limit: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TExchange>()).toMatchObject({
      name: 'After',
      auction_type: 2,
      currency: 'eur',
      allowed_addresses: ['198.51.100.0/24', '192.0.2.1'],
      version: 2,
      token: exchange.token,
    });
    const stale = await call('admin', 'PUT', `/backoffice/exchanges/${exchange.id}`, {
      version: 1,
      name: 'Late',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const disabled = await call('admin', 'PUT', `/backoffice/exchanges/${exchange.id}`, {
      version: 2,
      enabled: false,
    });
    expect(disabled.json<TExchange>().enabled).toBe(false);
    const history = (await call('admin', 'GET', `/backoffice/exchanges/${exchange.id}/history`)).json<
      THistoryEntry[]
    >();
    expect(history.map((entry) => entry.action)).toEqual(['disable', 'update', 'create']);
    expect(history[1]).toMatchObject({ actor: { username: 'account_manager' } });
    expect(history[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Before', to: 'After' },
        { field: 'auction_type', from: 1, to: 2 },
      ]),
    );
    expect(JSON.stringify(history)).not.toContain(exchange.token);
  });

  it('rotates the token: a new one answered once, history says only that it changed', async () => {
    const exchange = await create();
    const rotated = await call('admin', 'POST', `/backoffice/exchanges/${exchange.id}/token`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<TExchange>();
    expect(next.token).toMatch(/^[\w-]{43}$/);
    expect(next.token).not.toBe(exchange.token);
    expect(next.version).toBe(2);
    const stored = await ctx.db
      .selectFrom('exchanges')
      .select('token')
      .where('id', '=', String(exchange.id))
      .executeTakeFirstOrThrow();
    expect(stored.token).toBe(next.token);
    const history = (await call('admin', 'GET', `/backoffice/exchanges/${exchange.id}/history`)).json<
      THistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'rotate_token',
      changes: [{ field: 'token', from: '••••', to: '••••' }],
    });
    const text = JSON.stringify(history);
    expect(text).not.toContain(exchange.token);
    expect(text).not.toContain(next.token);
  });

  it('soft deletes: gone from the list, kept with its history, and no longer changed', async () => {
    const exchange = await create();
    expect((await call('admin', 'DELETE', `/backoffice/exchanges/${exchange.id}?version=2`)).statusCode).toBe(
      409,
    );
    expect((await call('admin', 'DELETE', `/backoffice/exchanges/${exchange.id}?version=1`)).statusCode).toBe(
      204,
    );
    const list = (await call('admin', 'GET', `/backoffice/exchanges?search=${exchange.key}`)).json<
      TExchangeRow[]
    >();
    expect(list).toEqual([]);
    const one = await call('admin', 'GET', `/backoffice/exchanges/${exchange.id}`);
    expect(one.json<TExchange>().deleted_at).not.toBeNull();
    for (const [method, url, body] of [
      ['PUT', `/backoffice/exchanges/${exchange.id}`, { version: 2, name: 'Back' }],
      ['POST', `/backoffice/exchanges/${exchange.id}/token`, undefined],
      ['DELETE', `/backoffice/exchanges/${exchange.id}?version=2`, undefined],
    ] as const) {
      const response = await call('admin', method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(detailsOf(response)).toEqual([{ path: 'state', message: EXCHANGE_DELETED_MESSAGE }]);
    }
    const history = (await call('admin', 'GET', `/backoffice/exchanges/${exchange.id}/history`)).json<
      THistoryEntry[]
    >();
    expect(history[0]).toMatchObject({
      action: 'delete',
      changes: [{ field: 'deleted', from: false, to: true }],
    });
  });

  it('answers 403 to everyone but the operator’s internal staff, and changes nothing', async () => {
    const exchange = await create();
    const calls = [
      ['GET', '/backoffice/exchanges', undefined],
      ['POST', '/backoffice/exchanges', { name: 'Nope', key: uniqueKey() }],
      ['GET', `/backoffice/exchanges/${exchange.id}`, undefined],
      ['PUT', `/backoffice/exchanges/${exchange.id}`, { version: 1, name: 'Nope' }],
      ['DELETE', `/backoffice/exchanges/${exchange.id}?version=1`, undefined],
      ['POST', `/backoffice/exchanges/${exchange.id}/token`, undefined],
      ['GET', `/backoffice/exchanges/${exchange.id}/history`, undefined],
      // An id that does not exist is 403 too: nothing is told to a caller who may not look.
      ['GET', '/backoffice/exchanges/999999999', undefined],
    ] as const;
    for (const who of ['support', 'owner', 'clientAdmin']) {
      for (const [method, url, body] of calls) {
        const response = await call(who, method, url, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(response.body).not.toContain(exchange.token);
      }
    }
    const after = (await call('admin', 'GET', `/backoffice/exchanges/${exchange.id}`)).json<TExchange>();
    expect(after).toEqual(exchange);
  });
});
