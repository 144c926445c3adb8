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
import type { TAudience } from './audiences.schemas';
import { insertAudienceWithHistory } from './audiences.service';

/**
 * Tenant isolation of every audience endpoint (issue 7, decision 019), like the location audiences' matrix:
 * every kind of caller against a private audience of Demo Agency, of its child Demo Advertiser and of
 * Northwind Media. The expected answer comes from the table below, written from §6 and the tenant rules, not
 * from the code under test: 403 for roles or organization roles without §6 `resources audiences` (advertiser,
 * adexchange, creative manager, viewer; an other-partner organization), 403 for writes by a role without edit
 * rights (the audience manager edits audiences, decision 038), 404 outside the caller's scope, success otherwise. A refused call
 * changes no row (audiences or identifiers); a successful one changes only rows of the target organization.
 * Published segments are the one exception to scope, tested in audiences.routes.test.ts.
 */

/** §6 resources audiences: not advertiser, adexchange, creative manager, viewer; not an other-partner. */
const NO_ACCESS = new Set<Caller>([
  'viewer',
  'advertiser',
  'adexchange',
  'creative_manager',
  'other_partner',
]);
/** §6 edit: admin, account manager, owner, editor, support, supervisor (data_partner is an owner), and the audience manager (decision 038). */
const MAY_EDIT = new Set<Caller>([
  'audience_manager',
  'owner',
  'editor',
  'child_owner',
  'reseller',
  'data_partner',
  'support',
  'supervisor',
]);

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
/** Data Partner Co holds the demo segments: its own audiences are in its scope too. */
let dataPartnerOrganization = '';
let tokens: Readonly<Record<Caller, string>>;

beforeAll(async () => {
  ({ ctx, organizations, tokens } = await startIsolationWorld());
  dataPartnerOrganization = (
    await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Data Partner Co')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await ctx.close();
});

const secretName = (target: Target) => `Secret ${target} audience`;

const freshTarget = (target: Target) =>
  insertAudienceWithHistory(
    ctx.db,
    {
      organization_id: organizations[target],
      name: secretName(target),
      description: `Secret ${target} description`,
      type: 'private',
      users_count: 0,
    },
    SEED_ACTOR,
  );

type Snapshot = { audiences: Map<string, string>; identifiers: Map<string, string> };
const snapshot = async (): Promise<Snapshot> => {
  const audiences = await ctx.db.selectFrom('audiences').selectAll().execute();
  const identifiers = await ctx.db.selectFrom('audience_identifiers').selectAll().execute();
  return {
    audiences: new Map(audiences.map((row) => [row.id, JSON.stringify(row)])),
    identifiers: new Map(
      identifiers.map((row) => [
        `${row.audience_id}/${Buffer.from(row.identifier_hash).toString('hex')}`,
        JSON.stringify(row),
      ]),
    ),
  };
};
const changed = (before: Map<string, string>, after: Map<string, string>): string[] => [
  ...[...after.entries()].filter(([key, row]) => before.get(key) !== row).map(([key]) => key),
  ...[...before.keys()].filter((key) => !after.has(key)),
];

const expectOnlyTargetChanged = async (before: Snapshot, target: Target, label: string): Promise<void> => {
  const after = await snapshot();
  const audienceIds = changed(before.audiences, after.audiences);
  const identifierAudienceIds = changed(before.identifiers, after.identifiers).map(
    (key) => key.split('/')[0] ?? '',
  );
  expect(audienceIds.length, `${label}: something changed`).toBeGreaterThan(0);
  const rows = await ctx.db.selectFrom('audiences').select(['id', 'organization_id']).execute();
  const organizationOf = new Map(rows.map((row) => [row.id, row.organization_id]));
  for (const id of [...audienceIds, ...identifierAudienceIds]) {
    expect(organizationOf.get(id), label).toBe(organizations[target]);
  }
};
const expectNothingChanged = async (before: Snapshot, label: string): Promise<void> => {
  const after = await snapshot();
  expect(changed(before.audiences, after.audiences), label).toEqual([]);
  expect(changed(before.identifiers, after.identifiers), label).toEqual([]);
};

const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[caller]),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const expectNothingLeaked = (response: LightMyRequestResponse, target: Target): void => {
  expect(response.body).not.toContain(`Secret ${target}`);
};

type Fresh = Awaited<ReturnType<typeof freshTarget>>;

const uploadIdentifiers = (caller: Caller, id: string) => {
  const { payload, headers } = multipart([
    { name: 'data', value: JSON.stringify({ commits_not_to_rebuild: true, identifier_type: 'web' }) },
    { name: 'file', filename: 'ids.txt', contentType: 'text/plain', data: Buffer.from(`cookie-${caller}\n`) },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/audience/${id}/identifiers`,
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
    name: 'POST /audience',
    kind: 'create',
    success: 201,
    call: (caller, _fresh, target) =>
      send(caller, 'POST', '/audience', {
        organization: Number(organizations[target]),
        name: 'Created across tenants',
        type: 'private',
      }),
  },
  {
    name: 'PUT /audience/{id}',
    kind: 'write',
    success: 200,
    call: (caller, fresh) =>
      send(caller, 'PUT', `/audience/${fresh.id}`, { version: 1, name: `Renamed by ${caller}` }),
  },
  {
    name: 'DELETE /audience/{id}',
    kind: 'write',
    success: 204,
    call: (caller, fresh) => send(caller, 'DELETE', `/audience/${fresh.id}?version=1`),
  },
  {
    name: 'POST /audience/{id}/duplicate',
    kind: 'write',
    success: 201,
    call: (caller, fresh) => send(caller, 'POST', `/audience/${fresh.id}/duplicate`, {}),
  },
  {
    name: 'POST /audience/{id}/identifiers',
    kind: 'write',
    success: 202,
    call: (caller, fresh) => uploadIdentifiers(caller, fresh.id),
  },
];

const READS: { name: string; call: (caller: Caller, fresh: Fresh) => Promise<LightMyRequestResponse> }[] = [
  {
    name: 'GET /audience/{id}',
    call: (caller, fresh) => send(caller, 'GET', `/audience/${fresh.id}`),
  },
  {
    name: 'GET /audience/{id}/history',
    call: (caller, fresh) => send(caller, 'GET', `/audience/${fresh.id}/history`),
  },
];

describe.each(WRITES)('$name across tenants', ({ name, kind, success, call }) => {
  it.each(CALLERS)('%s changes exactly what it may', async (caller) => {
    for (const target of TARGETS) {
      const fresh = await freshTarget(target);
      const before = await snapshot();
      const response = await call(caller, fresh, target);
      const status = expected(caller, target, kind, success);
      const label = `${caller} → ${name} on ${target}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      if (status === success) await expectOnlyTargetChanged(before, target, label);
      else {
        await expectNothingChanged(before, label);
        expectNothingLeaked(response, target);
      }
    }
  });
});

describe('reads across tenants', () => {
  it.each(CALLERS)('%s reads exactly the audiences it may see', async (caller) => {
    const fresh = {} as Record<Target, Fresh>;
    for (const target of TARGETS) fresh[target] = await freshTarget(target);
    for (const target of TARGETS) {
      for (const read of READS) {
        const response = await read.call(caller, fresh[target]);
        const status = expected(caller, target, 'read', 200);
        expect(response.statusCode, `${caller} → ${read.name} on ${target}: ${response.body}`).toBe(status);
        if (status !== 200) expectNothingLeaked(response, target);
      }
    }
    const list = await send(caller, 'GET', '/audiences?limit=200');
    if (NO_ACCESS.has(caller)) {
      expect(list.statusCode).toBe(403);
      return;
    }
    expect(list.statusCode).toBe(200);
    const visibleOrganizations = new Set(VISIBLE[caller].map((target) => Number(organizations[target])));
    if (caller === 'data_partner') visibleOrganizations.add(Number(dataPartnerOrganization));
    const rows = list.json<TAudience[]>();
    for (const row of rows) {
      expect(visibleOrganizations.has(row.organization), `${caller} sees ${row.organization}`).toBe(true);
    }
    for (const target of TARGETS) {
      const listed = rows.some((row) => row.id === Number(fresh[target].id));
      expect(listed, `${caller} lists ${target}`).toBe(VISIBLE[caller].includes(target));
    }
  });
});
