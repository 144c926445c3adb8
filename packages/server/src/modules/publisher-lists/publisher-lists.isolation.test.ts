import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACTOR } from '../../test/factories';
import {
  CALLERS,
  type Caller,
  startIsolationWorld,
  TARGETS,
  type Target,
  VISIBLE,
} from '../../test/isolation-world';
import { bearer, multipart, type TestContext } from '../../test/test-app';
import type { TPublisherListRow } from './publisher-lists.schemas';
import { insertPublisherListWithHistory } from './publisher-lists.service';

/**
 * Tenant isolation of every publisher list endpoint (issue 7, decision 018), as geolists.isolation.test.ts:
 * every kind of caller against a list of Demo Agency, of its child Demo Advertiser and of Northwind Media. The
 * expected answer comes from the table below, written from §6 and the tenant rules: 403 for roles without
 * `resources deals, geolists, publishers` (advertiser, ad exchange, viewer, audience and creative managers)
 * and for data-partner and other-partner organizations, 403 for writes by a role without edit rights, 404
 * for a list outside the caller's scope, success otherwise. A refused call changes no row; a successful
 * one changes only lists of the target organization.
 */

/** §6: publisher lists are for all except advertiser, adexchange, viewer, audience and creative managers; no partner. */
const NO_ACCESS = new Set<Caller>([
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
  'data_partner',
  'other_partner',
]);
/** §6 edit: admin, account manager, owner, editor, support, supervisor. */
const MAY_EDIT = new Set<Caller>(['owner', 'editor', 'child_owner', 'reseller', 'support', 'supervisor']);

type Kind = 'read' | 'write' | 'create';
const expected = (caller: Caller, target: Target, kind: Kind, success: number): number => {
  if (NO_ACCESS.has(caller)) return 403;
  if (kind === 'create' && !MAY_EDIT.has(caller)) return 403;
  if (!VISIBLE[caller].includes(target)) return 404;
  if (kind !== 'read' && !MAY_EDIT.has(caller)) return 403;
  return success;
};

let ctx: TestContext;
let organizations: Readonly<Record<Target, string>>;
let tokens: Readonly<Record<Caller, string>>;

beforeAll(async () => {
  ({ ctx, organizations, tokens } = await startIsolationWorld());
});
afterAll(async () => {
  await ctx.close();
});

const secretName = (target: Target) => `Secret ${target} publisher list`;
const secretPublisher = (target: Target) => `secret-${target}.example.com`;

const freshList = async (target: Target) =>
  insertPublisherListWithHistory(
    ctx.db,
    { organization_id: organizations[target], name: secretName(target), kind: 'block' },
    [{ publisher: secretPublisher(target), platform: 'web' }],
    SEED_ACTOR,
  );
type Fresh = Awaited<ReturnType<typeof freshList>>;

const snapshot = async () => {
  const lists = await ctx.db.selectFrom('publisher_lists').selectAll().execute();
  const entries = await ctx.db
    .selectFrom('publisher_list_entries')
    .selectAll()
    .orderBy('list_id')
    .orderBy('publisher')
    .execute();
  return {
    lists: new Map(lists.map((row) => [row.id, JSON.stringify(row)])),
    entries: JSON.stringify(entries),
    organizationOf: new Map(lists.map((row) => [row.id, row.organization_id])),
  };
};
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const changed = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...after.entries()].filter(([id, row]) => before.get(id) !== row).map(([id]) => id);

const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[caller]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const uploadPublishers = (caller: Caller, id: string) => {
  const { payload, headers } = multipart([
    { name: 'data', value: JSON.stringify({ version: 1, mode: 'append' }) },
    {
      name: 'file',
      filename: 'more.txt',
      contentType: 'text/plain',
      data: Buffer.from('uploaded.example.com\n'),
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/publisher-list/${id}/publishers`,
    headers: { ...bearer(tokens[caller]), ...headers },
    payload,
  });
};

const WRITES: {
  name: string;
  kind: Kind;
  success: number;
  call: (caller: Caller, fresh: Fresh, target: Target) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'POST /publisher-list',
    kind: 'create',
    success: 201,
    call: (caller, _fresh, target) =>
      send(caller, 'POST', '/publisher-list', {
        organization: Number(organizations[target]),
        name: 'Created across tenants',
        kind: 'allow',
        publishers: ['across.example.com'],
      }),
  },
  {
    name: 'PUT /publisher-list/{id}',
    kind: 'write',
    success: 200,
    call: (caller, fresh) =>
      send(caller, 'PUT', `/publisher-list/${fresh.id}`, { version: 1, name: `By ${caller}` }),
  },
  {
    name: 'POST /publisher-list/{id}/publishers',
    kind: 'write',
    success: 200,
    call: (caller, fresh) => uploadPublishers(caller, fresh.id),
  },
  {
    name: 'PUT /publisher-list/{id}/publishers',
    kind: 'write',
    success: 200,
    call: (caller, fresh) =>
      send(caller, 'PUT', `/publisher-list/${fresh.id}/publishers`, {
        version: 1,
        add: ['added.example.com'],
      }),
  },
  {
    name: 'DELETE /publisher-list/{id}',
    kind: 'write',
    success: 204,
    call: (caller, fresh) => send(caller, 'DELETE', `/publisher-list/${fresh.id}?version=1`),
  },
  {
    name: 'POST /publisher-list/{id}/duplicate',
    kind: 'write',
    success: 201,
    call: (caller, fresh) => send(caller, 'POST', `/publisher-list/${fresh.id}/duplicate`, {}),
  },
];

const expectOnlyTargetChanged = async (before: Snapshot, target: Target, label: string) => {
  const after = await snapshot();
  const ids = changed(before.lists, after.lists);
  expect(ids.length, `${label}: something changed`).toBeGreaterThan(0);
  for (const id of ids) expect(after.organizationOf.get(id), label).toBe(organizations[target]);
};

describe.each(WRITES)('$name across tenants', ({ name, kind, success, call }) => {
  it.each(CALLERS)('%s changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const fresh = await freshList(target);
      const before = await snapshot();
      const response = await call(caller, fresh, target);
      const status = expected(caller, target, kind, success);
      const label = `${caller} → ${name} on ${target}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      if (status === success) await expectOnlyTargetChanged(before, target, label);
      else {
        const after = await snapshot();
        expect(changed(before.lists, after.lists), label).toEqual([]);
        expect(after.entries, label).toBe(before.entries);
        expect(response.body).not.toContain(secretName(target));
      }
    }
  });
});

describe('reads across tenants', () => {
  it.each(CALLERS)('%s reads exactly the publisher lists it may see', async (caller) => {
    const fresh = {} as Record<Target, Fresh>;
    for (const target of TARGETS) fresh[target] = await freshList(target);
    for (const target of TARGETS) {
      for (const path of ['', '/history', '/publishers']) {
        const response = await send(caller, 'GET', `/publisher-list/${fresh[target].id}${path}`);
        const status = expected(caller, target, 'read', 200);
        expect(response.statusCode, `${caller} → GET ${path} on ${target}: ${response.body}`).toBe(status);
        if (status !== 200) {
          expect(response.body).not.toContain(secretName(target));
          expect(response.body).not.toContain(secretPublisher(target));
        }
      }
    }
    const list = await send(caller, 'GET', '/publisher-lists?limit=200');
    if (NO_ACCESS.has(caller)) {
      expect(list.statusCode).toBe(403);
      return;
    }
    expect(list.statusCode).toBe(200);
    const visible = new Set(VISIBLE[caller].map((target) => Number(organizations[target])));
    const rows = list.json<TPublisherListRow[]>();
    for (const row of rows)
      expect(visible.has(row.organization_id), `${caller} sees ${row.organization_id}`).toBe(true);
    for (const target of TARGETS) {
      const listed = rows.some((row) => row.id === Number(fresh[target].id));
      expect(listed, `${caller} lists ${target}`).toBe(VISIBLE[caller].includes(target));
    }
  });
});
