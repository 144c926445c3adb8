import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createDatabase, type Db } from '../database';
import { migrateToLatest } from '../migrate';
import { seedDemo } from './demo';
import { createFirstSupervisor } from './first-supervisor';

/** The demo world (README, Quick start), the first supervisor of a production install, and embedded persistence. */

const OPERATOR_ORG_ID = 1;

/** The demo accounts of the README, transcribed: username → role and organization. */
const DEMO_ACCOUNTS: Record<string, { role: string; organization: string }> = {
  supervisor: { role: 'supervisor', organization: 'Beacon Operations' },
  admin: { role: 'admin', organization: 'Beacon Operations' },
  account_manager: { role: 'account_manager', organization: 'Beacon Operations' },
  support: { role: 'support', organization: 'Beacon Operations' },
  owner: { role: 'owner', organization: 'Demo Agency' },
  editor: { role: 'editor', organization: 'Demo Agency' },
  viewer: { role: 'viewer', organization: 'Demo Agency' },
  advertiser: { role: 'advertiser', organization: 'Demo Agency' },
  adexchange: { role: 'adexchange', organization: 'Demo Agency' },
  audience_manager: { role: 'audience_manager', organization: 'Demo Agency' },
  creative_manager: { role: 'creative_manager', organization: 'Demo Agency' },
  reseller: { role: 'owner', organization: 'Northwind Media' },
  data_partner: { role: 'owner', organization: 'Data Partner Co' },
  other_partner: { role: 'owner', organization: 'Other Partner Co' },
};

const SUPERVISOR_INPUT = {
  organizationName: 'Acme Operations',
  username: 'root',
  email: 'root@acme.example',
  name: 'Rosa Root',
  password: 'Str0ng-enough!',
};

const opened: TestDatabase[] = [];
const freshDatabase = async (): Promise<Db> => {
  const database = await createTestDatabase();
  opened.push(database);
  return database.db;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.destroy()));
});

const usersWithOrganizations = (db: Db) =>
  db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.username', 'u.role', 'u.password_hash', 'o.name as organization'])
    .orderBy('u.username')
    .execute();

const expectRefusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'DATABASE_NOT_EMPTY', statusCode: 409 });
};

const insertOrganization = (db: Db, name: string) =>
  db.insertInto('organizations').values({ name, role: 'regular' }).returning('id').executeTakeFirstOrThrow();

describe('seedDemo', () => {
  let db: Db;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedDemo(db, { operatorOrganizationId: OPERATOR_ORG_ID });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates exactly the demo accounts of the README, with their roles and organizations', async () => {
    const users = await usersWithOrganizations(db);
    expect(users.map((user) => user.username).sort()).toEqual(Object.keys(DEMO_ACCOUNTS).sort());
    for (const user of users) {
      expect({ role: user.role, organization: user.organization }, user.username).toEqual(
        DEMO_ACCOUNTS[user.username],
      );
    }
  });

  it('gives every demo account the password Beacon-demo-1', async () => {
    for (const user of await usersWithOrganizations(db)) {
      expect(await verifyPassword(user.password_hash, 'Beacon-demo-1'), user.username).toBe(true);
      expect(await verifyPassword(user.password_hash, 'beacon-demo-1'), user.username).toBe(false);
    }
  });

  it('creates the organizations with their roles, the agency’s child and the white-label partner', async () => {
    const organizations = await db.selectFrom('organizations').selectAll().orderBy('id').execute();
    const byName = new Map(organizations.map((organization) => [organization.name, organization]));
    expect(byName.get('Beacon Operations')).toMatchObject({
      id: String(OPERATOR_ORG_ID),
      role: 'regular',
      parent_id: null,
    });
    const agency = byName.get('Demo Agency');
    expect(agency).toMatchObject({ role: 'regular', parent_id: null });
    expect(byName.get('Demo Advertiser')).toMatchObject({ role: 'regular', parent_id: agency?.id });
    expect(byName.get('Northwind Media')).toMatchObject({
      role: 'customized',
      title: 'Northwind Media',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      image: expect.stringMatching(/^data:image\//),
      favicon: expect.stringMatching(/^data:image\//),
      whitelabel_hosts: ['northwind.localhost'],
    });
    expect(byName.get('Data Partner Co')).toMatchObject({ role: 'data-partner' });
    expect(byName.get('Other Partner Co')).toMatchObject({ role: 'other-partner' });
    expect(organizations).toHaveLength(6);
  });

  it('continues the organization id sequence after the operator’s explicit id', async () => {
    const before = await db.selectFrom('organizations').select('id').execute();
    const maxId = Math.max(...before.map((row) => Number(row.id)));
    const created = await insertOrganization(db, 'After the seed');
    expect(Number(created.id)).toBeGreaterThan(maxId);
    await db.deleteFrom('organizations').where('id', '=', created.id).execute();
  });

  it('refuses to seed a database that already holds data, and changes nothing', async () => {
    const before = await usersWithOrganizations(db);
    await expectRefusal(seedDemo(db, { operatorOrganizationId: OPERATOR_ORG_ID }));
    expect(await usersWithOrganizations(db)).toEqual(before);
  });
});

describe('seedDemo with another OPERATOR_ORG_ID', () => {
  it('gives the operator organization that id and numbers the others after it', async () => {
    const db = await freshDatabase();
    await seedDemo(db, { operatorOrganizationId: 40 });
    const organizations = await db.selectFrom('organizations').select(['id', 'name']).orderBy('id').execute();
    expect(organizations[0]).toEqual({ id: '40', name: 'Beacon Operations' });
    expect(organizations.slice(1).every((organization) => Number(organization.id) > 40)).toBe(true);
    const created = await insertOrganization(db, 'After the seed');
    expect(Number(created.id)).toBeGreaterThan(
      Math.max(...organizations.map((organization) => Number(organization.id))),
    );
  });
});

describe('createFirstSupervisor', () => {
  it('creates the operator organization and a supervisor on an empty database', async () => {
    const db = await freshDatabase();
    const result = await createFirstSupervisor(db, SUPERVISOR_INPUT, {
      operatorOrganizationId: OPERATOR_ORG_ID,
    });
    expect(result.organizationId).toBe(String(OPERATOR_ORG_ID));

    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', result.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      username: 'root',
      email: 'root@acme.example',
      role: 'supervisor',
      organization_id: '1',
    });
    expect(await verifyPassword(user.password_hash, SUPERVISOR_INPUT.password)).toBe(true);
    const organization = await db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', result.organizationId)
      .executeTakeFirstOrThrow();
    expect(organization).toMatchObject({ name: 'Acme Operations', role: 'regular', path: '1/' });
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(1);

    const next = await insertOrganization(db, 'First customer');
    expect(Number(next.id)).toBeGreaterThan(OPERATOR_ORG_ID);
  });

  it('refuses a database that already has organizations', async () => {
    const db = await freshDatabase();
    await createFirstSupervisor(db, SUPERVISOR_INPUT, { operatorOrganizationId: OPERATOR_ORG_ID });
    await expectRefusal(
      createFirstSupervisor(
        db,
        { ...SUPERVISOR_INPUT, username: 'second', email: 'second@acme.example' },
        {
          operatorOrganizationId: OPERATOR_ORG_ID,
        },
      ),
    );
    await expectRefusal(seedDemo(db, { operatorOrganizationId: OPERATOR_ORG_ID }));
    expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username: 'root' }]);
  });
});

describe('the embedded database on disk', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-seed-test-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its data across restarts and does not apply migrations twice', { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, 'db');
    const first = await createDatabase({ kind: 'embedded', dataDir });
    const applied = await migrateToLatest(first);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toBe('0001-foundation');
    await seedDemo(first, { operatorOrganizationId: OPERATOR_ORG_ID });
    const before = await usersWithOrganizations(first);
    await first.destroy();

    const second = await createDatabase({ kind: 'embedded', dataDir });
    try {
      expect(await migrateToLatest(second)).toEqual([]);
      const after = await usersWithOrganizations(second);
      expect(after).toEqual(before);
      expect(after).toHaveLength(Object.keys(DEMO_ACCOUNTS).length);
      await expectRefusal(seedDemo(second, { operatorOrganizationId: OPERATOR_ORG_ID }));
    } finally {
      await second.destroy();
    }
  });
});
