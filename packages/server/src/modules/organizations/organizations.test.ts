import { CURRENCIES } from '@beacon/domain/dictionary/currencies';
import {
  ACCOUNT_TYPES,
  BILLING_BASES,
  COMMISSION_ROLES,
  FEE_MODELS,
  LEGAL_ENTITIES,
  ORGANIZATION_KINDS,
  ORGANIZATION_SERVICES,
  ORGANIZATION_STATES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  REGIONS,
  TAX_ID_KINDS,
} from '@beacon/domain/dictionary/organizations';
import { ORGANIZATION_ROLES } from '@beacon/domain/dictionary/roles';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';
import type { TenantScope } from '../../lib/tenant-scope';
import { createTestDatabase } from '../../test/test-database';
import { listHistory } from '../history/history.service';
import { findOrganizationInScope } from './organizations.repo';
import { ancestorIds, createOrganization, getOrganization } from './organizations.service';

/**
 * The organization tree (docs/architecture.md): the database keeps each organization's materialised `path`, and a
 * tenant scope is a prefix of it.
 */

let db: Db;
let destroy: () => Promise<void>;

const SEED_ACTOR = { userId: null, impersonatorUserId: null };

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
});
afterAll(async () => {
  await destroy();
});

let counter = 0;
const organization = (parent?: OrganizationRow, extra: { id?: number } = {}) =>
  createOrganization(
    db,
    { name: `Organization ${++counter}`, role: 'regular', parent_id: parent?.id ?? null, ...extra },
    SEED_ACTOR,
  );

const pathOf = async (row: OrganizationRow): Promise<string> =>
  (await db.selectFrom('organizations').select('path').where('id', '=', row.id).executeTakeFirstOrThrow())
    .path;

const moveUnder = (row: OrganizationRow, parent: OrganizationRow | null) =>
  db
    .updateTable('organizations')
    .set({ parent_id: parent?.id ?? null })
    .where('id', '=', row.id)
    .execute();

const subtreeOf = async (row: OrganizationRow): Promise<TenantScope> => ({
  kind: 'subtree',
  organizationId: row.id,
  path: await pathOf(row),
});

describe('organizations.path', () => {
  it('is the id for a root and the parent path plus the id below it', async () => {
    const root = await organization();
    const child = await organization(root);
    const grandchild = await organization(child);
    expect(root.path).toBe(`${root.id}/`);
    expect(child.path).toBe(`${root.id}/${child.id}/`);
    expect(grandchild.path).toBe(`${child.path}${grandchild.id}/`);
    expect(ancestorIds(grandchild.path)).toEqual([root.id, child.id, grandchild.id]);
  });

  it('stays as it is when other columns change', async () => {
    const root = await organization();
    const child = await organization(root);
    await db
      .updateTable('organizations')
      .set({ name: 'Renamed', state: 'DELETED' })
      .where('id', '=', child.id)
      .execute();
    expect(await pathOf(child)).toBe(child.path);
  });

  it('is rewritten for the whole subtree when an organization moves', async () => {
    const oldRoot = await organization();
    const moved = await organization(oldRoot);
    const sibling = await organization(oldRoot);
    const child = await organization(moved);
    const grandchild = await organization(child);
    const newRoot = await organization();
    const newParent = await organization(newRoot);

    await moveUnder(moved, newParent);

    const base = `${newRoot.id}/${newParent.id}/${moved.id}/`;
    expect(await pathOf(moved)).toBe(base);
    expect(await pathOf(child)).toBe(`${base}${child.id}/`);
    expect(await pathOf(grandchild)).toBe(`${base}${child.id}/${grandchild.id}/`);
    expect(await pathOf(sibling)).toBe(sibling.path);
    expect(await pathOf(oldRoot)).toBe(oldRoot.path);
    expect(await pathOf(newParent)).toBe(newParent.path);
  });

  it('makes a moved subtree a root of its own when its parent is cleared', async () => {
    const root = await organization();
    const moved = await organization(root);
    const child = await organization(moved);
    await moveUnder(moved, null);
    expect(await pathOf(moved)).toBe(`${moved.id}/`);
    expect(await pathOf(child)).toBe(`${moved.id}/${child.id}/`);
  });

  it('refuses to place an organization under its own descendant, or under itself', async () => {
    const root = await organization();
    const child = await organization(root);
    const grandchild = await organization(child);
    await expect(moveUnder(root, grandchild)).rejects.toThrow(/own descendant/);
    await expect(moveUnder(child, grandchild)).rejects.toThrow(/own descendant/);
    await expect(moveUnder(root, root)).rejects.toThrow();
    expect(await pathOf(root)).toBe(root.path);
    expect(await pathOf(grandchild)).toBe(grandchild.path);
  });

  it('does not mistake an id that merely starts with another for a descendant', async () => {
    const short = await organization(undefined, { id: 9_100 });
    const long = await organization(undefined, { id: 91_000 });
    const underLong = await organization(long);
    await moveUnder(short, underLong);
    expect(await pathOf(short)).toBe(`${long.id}/${underLong.id}/${short.id}/`);
  });
});

describe('createOrganization', () => {
  it('writes a history row with the actor and the created fields', async () => {
    const actorless = await organization();
    const history = await listHistory(db, 'organization', actorless.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', actor_user_id: null, impersonator_user_id: null });
    expect(history[0]?.changes).toContainEqual({ field: 'name', from: null, to: actorless.name });
  });
});

describe('findOrganizationInScope', () => {
  it('sees the own organization and its descendants within a subtree scope, never the parent or a sibling', async () => {
    const parent = await organization();
    const own = await organization(parent);
    const sibling = await organization(parent);
    const child = await organization(own);
    const grandchild = await organization(child);
    const scope = await subtreeOf(own);

    for (const visible of [own, child, grandchild]) {
      expect((await findOrganizationInScope(db, scope, visible.id))?.id).toBe(visible.id);
    }
    for (const hidden of [parent, sibling]) {
      expect(await findOrganizationInScope(db, scope, hidden.id)).toBeUndefined();
    }
  });

  it('does not let a scope of organization 9200 reach organization 92000 (path prefixes end at a slash)', async () => {
    const nine = await organization(undefined, { id: 9_200 });
    const ninety = await organization(undefined, { id: 92_000 });
    expect(await findOrganizationInScope(db, await subtreeOf(nine), ninety.id)).toBeUndefined();
    expect((await findOrganizationInScope(db, await subtreeOf(nine), nine.id))?.id).toBe(nine.id);
  });

  it('follows a move: a moved organization leaves its old tree’s scope and enters the new one', async () => {
    const left = await organization();
    const right = await organization();
    const moving = await organization(left);
    await moveUnder(moving, right);
    expect(await findOrganizationInScope(db, await subtreeOf(left), moving.id)).toBeUndefined();
    expect((await findOrganizationInScope(db, await subtreeOf(right), moving.id))?.id).toBe(moving.id);
  });

  it("sees every organization with scope 'all'", async () => {
    const rows = await db.selectFrom('organizations').select('id').execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect((await getOrganization(db, { kind: 'all' }, row.id))?.id).toBe(row.id);
    }
  });

  it('answers nothing for an id that does not exist', async () => {
    expect(await findOrganizationInScope(db, { kind: 'all' }, '987654321')).toBeUndefined();
  });
});

/**
 * Migration 0003 copies the §3 enumerations into CHECK constraints: they must accept every value the domain
 * defines and refuse anything else, so a change to an enumeration without a migration fails here.
 */
describe('organization attribute constraints', () => {
  const ENUMERATIONS: Record<string, readonly string[]> = {
    state: ORGANIZATION_STATES,
    role: ORGANIZATION_ROLES,
    currency: CURRENCIES,
    invoicing_currency: CURRENCIES,
    payment_terms: PAYMENT_TERMS,
    payment_method: PAYMENT_METHODS,
    tax_id_kind: TAX_ID_KINDS,
    legal_entity: LEGAL_ENTITIES,
    account_type: ACCOUNT_TYPES,
    kind: ORGANIZATION_KINDS,
    commission_role: COMMISSION_ROLES,
    region: REGIONS,
    fee_model: FEE_MODELS,
    billing_basis: BILLING_BASES,
  };

  const setColumn = (id: string, column: string, value: unknown) =>
    sql`UPDATE organizations SET ${sql.ref(column)} = ${value} WHERE id = ${id}`.execute(db);

  it.each(Object.entries(ENUMERATIONS))(
    '%s accepts every domain value and nothing else',
    async (column, values) => {
      const row = await organization();
      for (const value of values) await setColumn(row.id, column, value);
      await expect(setColumn(row.id, column, 'not-a-value')).rejects.toThrow();
    },
  );

  it('services accept the four §3 services only', async () => {
    const row = await organization();
    await setColumn(row.id, 'services', sql`${[...ORGANIZATION_SERVICES]}::text[]`);
    await expect(
      setColumn(row.id, 'services', sql`ARRAY['ad_quality_scans', 'other']::text[]`),
    ).rejects.toThrow();
  });

  it('keeps money exact in micro-units beyond the float range and refuses a negative amount', async () => {
    const row = await organization();
    await db
      .updateTable('organizations')
      .set({ max_daily_balance: 9_007_199_254_740_993n })
      .where('id', '=', row.id)
      .execute();
    const stored = await db
      .selectFrom('organizations')
      .select('max_daily_balance')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.max_daily_balance).toBe('9007199254740993');
    await expect(setColumn(row.id, 'prepayment_amount', -1)).rejects.toThrow();
  });
});
