import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { sql } from 'kysely';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { HistoryActor } from '../../modules/history/history.service';
import { createOrganization, isDatabaseEmpty } from '../../modules/organizations/organizations.service';
import { createUser } from '../../modules/users/users.service';
import type { Db } from '../database';
import { seedDemoAudiences } from './demo-audiences';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoCreatives } from './demo-creatives';
import { seedDemoDeals } from './demo-deals';
import { seedDemoExchanges } from './demo-exchanges';
import { seedDemoGeolists } from './demo-geolists';
import { seedDemoLocationAudiences } from './demo-location-audiences';
import { seedDemoPublisherLists } from './demo-publisher-lists';

/** Every demo user shares this password (README, Quick start). */
export const DEMO_PASSWORD = 'Beacon-demo-1';

const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const NORTHWIND_LOGO = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#0b6e4f"/><path d="M11 29V11l18 18V11" stroke="#fff" stroke-width="4" fill="none" stroke-linejoin="round"/><text x="48" y="27" font-family="Arial, sans-serif" font-size="17" font-weight="700" fill="#0b6e4f">Northwind</text></svg>',
);
const NORTHWIND_FAVICON = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0b6e4f"/><path d="M11 29V11l18 18V11" stroke="#fff" stroke-width="4" fill="none" stroke-linejoin="round"/></svg>',
);

type DemoOrganization = {
  key: string;
  name: string;
  role: OrganizationRole;
  parent?: string;
  country: string;
  extra?: { title: string; image: string; favicon: string; color: string; whitelabel_hosts: string[] };
};

const ORGANIZATIONS: DemoOrganization[] = [
  { key: 'operator', name: 'Beacon Operations', role: 'regular', country: 'ES' },
  { key: 'agency', name: 'Demo Agency', role: 'regular', country: 'GB' },
  { key: 'advertiser', name: 'Demo Advertiser', role: 'regular', parent: 'agency', country: 'GB' },
  {
    key: 'northwind',
    name: 'Northwind Media',
    role: 'customized',
    country: 'US',
    extra: {
      title: 'Northwind Media',
      image: NORTHWIND_LOGO,
      favicon: NORTHWIND_FAVICON,
      color: '#0b6e4f',
      whitelabel_hosts: ['northwind.localhost'],
    },
  },
  { key: 'dataPartner', name: 'Data Partner Co', role: 'data-partner', country: 'DE' },
  { key: 'otherPartner', name: 'Other Partner Co', role: 'other-partner', country: 'FR' },
];

type DemoUser = {
  username: UserRole | 'reseller' | 'data_partner' | 'other_partner';
  role: UserRole;
  organization: string;
  name: string;
};

const USERS: DemoUser[] = [
  { username: 'supervisor', role: 'supervisor', organization: 'operator', name: 'Sam Supervisor' },
  { username: 'admin', role: 'admin', organization: 'operator', name: 'Ada Admin' },
  { username: 'account_manager', role: 'account_manager', organization: 'operator', name: 'Mia Manager' },
  { username: 'support', role: 'support', organization: 'operator', name: 'Sol Support' },
  { username: 'owner', role: 'owner', organization: 'agency', name: 'Olga Owner' },
  { username: 'editor', role: 'editor', organization: 'agency', name: 'Eddie Editor' },
  { username: 'viewer', role: 'viewer', organization: 'agency', name: 'Vera Viewer' },
  { username: 'advertiser', role: 'advertiser', organization: 'agency', name: 'Arno Advertiser' },
  { username: 'adexchange', role: 'adexchange', organization: 'agency', name: 'Xavi Exchange' },
  { username: 'audience_manager', role: 'audience_manager', organization: 'agency', name: 'Aude Audiences' },
  { username: 'creative_manager', role: 'creative_manager', organization: 'agency', name: 'Cleo Creative' },
  { username: 'reseller', role: 'owner', organization: 'northwind', name: 'Rita Reseller' },
  { username: 'data_partner', role: 'owner', organization: 'dataPartner', name: 'Dana Data' },
  { username: 'other_partner', role: 'owner', organization: 'otherPartner', name: 'Otto Other' },
];

const SEED_ACTOR: HistoryActor = { userId: null, impersonatorUserId: null };

/** Identity columns must continue after ids given explicitly (the operator organization's). */
export const syncOrganizationIds = async (db: Db): Promise<void> => {
  await sql`SELECT setval(pg_get_serial_sequence('organizations', 'id'), (SELECT max(id) FROM organizations))`.execute(
    db,
  );
};

/**
 * Seeds the demo world the README describes. Refuses a database that already holds data, so it can never mix
 * demo accounts into a real installation.
 */
export const seedDemo = async (db: Db, options: { operatorOrganizationId: number }): Promise<void> => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) {
      throw new AppError('DATABASE_NOT_EMPTY', {
        message: 'The database already holds organizations: demo data is only seeded into an empty database',
      });
    }
    const ids = new Map<string, string>();
    for (const organization of ORGANIZATIONS) {
      const created = await createOrganization(
        trx,
        {
          ...(organization.key === 'operator' ? { id: options.operatorOrganizationId } : {}),
          name: organization.name,
          role: organization.role,
          country: organization.country,
          parent_id: organization.parent ? (ids.get(organization.parent) ?? null) : null,
          ...organization.extra,
        },
        SEED_ACTOR,
      );
      ids.set(organization.key, created.id);
      if (organization.key === 'operator') await syncOrganizationIds(trx);
    }
    for (const user of USERS) {
      await createUser(
        trx,
        {
          organizationId: ids.get(user.organization) ?? '',
          username: user.username,
          email: `${user.username.replaceAll('_', '.')}@demo.beacon.localhost`,
          name: user.name,
          role: user.role,
          password: DEMO_PASSWORD,
          passwordHash,
        },
        SEED_ACTOR,
      );
    }
    await seedDemoCampaigns(
      trx,
      { agency: ids.get('agency') ?? '', advertiser: ids.get('advertiser') ?? '' },
      SEED_ACTOR,
      new Date(),
    );
    await seedDemoGeolists(
      trx,
      { agency: ids.get('agency') ?? '', advertiser: ids.get('advertiser') ?? '' },
      SEED_ACTOR,
    );
    await seedDemoLocationAudiences(
      trx,
      { agency: ids.get('agency') ?? '', advertiser: ids.get('advertiser') ?? '' },
      SEED_ACTOR,
      new Date(),
    );
    await seedDemoPublisherLists(trx, { agency: ids.get('agency') ?? '' }, SEED_ACTOR);
    await seedDemoAudiences(
      trx,
      {
        agency: ids.get('agency') ?? '',
        advertiser: ids.get('advertiser') ?? '',
        dataPartner: ids.get('dataPartner') ?? '',
      },
      SEED_ACTOR,
      new Date(),
    );
    await seedDemoDeals(
      trx,
      {
        agency: ids.get('agency') ?? '',
        advertiser: ids.get('advertiser') ?? '',
        northwind: ids.get('northwind') ?? '',
      },
      SEED_ACTOR,
      new Date(),
    );
    await seedDemoCreatives(
      trx,
      {
        agency: ids.get('agency') ?? '',
        advertiser: ids.get('advertiser') ?? '',
        northwind: ids.get('northwind') ?? '',
      },
      SEED_ACTOR,
      new Date(),
    );
    await seedDemoExchanges(trx, SEED_ACTOR);
  });
};

export const DEMO_USERNAMES = USERS.map((user) => user.username);
