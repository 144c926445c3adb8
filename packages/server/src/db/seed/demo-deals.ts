import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { DealState, DealType } from '@beacon/domain/dictionary/deals';
import type { SupplyPartner } from '@beacon/domain/dictionary/partners';
import { insertDealWithHistory } from '../../modules/deals/deals.service';
import type { HistoryActor } from '../../modules/history/history.service';
import type { Db } from '../database';

/**
 * Demo deals of Demo Agency, its child Demo Advertiser and Northwind Media, so that a fresh
 * `npm start` lists deals of every type and state, with several supply partners and currencies. Dates are
 * relative to the day of seeding. Every deal satisfies the domain's rules (deals.seed.test.ts checks it).
 */

type DemoDeal = {
  organization: 'agency' | 'advertiser' | 'northwind';
  external_id: string;
  name: string;
  supply_partner: SupplyPartner;
  type: DealType;
  floor_price: string;
  currency?: 'eur' | 'usd' | 'gbp';
  /** Days from today; null end = no end. */
  flight: [number, number | null];
  state: DealState;
};

const DEALS: DemoDeal[] = [
  {
    organization: 'agency',
    external_id: 'ADX-PMP-204117',
    name: 'Premium News UK — PMP',
    supply_partner: 'google_adx',
    type: 'private_auction',
    floor_price: '4.5',
    flight: [-30, 60],
    state: 'active',
  },
  {
    organization: 'agency',
    external_id: 'MGN-88213',
    name: 'Sports Video Preferred',
    supply_partner: 'magnite',
    type: 'preferred',
    floor_price: '12',
    flight: [-10, null],
    state: 'active',
  },
  {
    organization: 'agency',
    external_id: 'FW-PG-2026-Q4',
    name: 'CTV Prime Time Guaranteed',
    supply_partner: 'freewheel',
    type: 'programmatic_guaranteed',
    floor_price: '28.75',
    currency: 'usd',
    flight: [5, 95],
    state: 'inactive',
  },
  {
    organization: 'agency',
    external_id: 'PM-5521-ES',
    name: 'Spanish Lifestyle Apps',
    supply_partner: 'pubmatic',
    type: 'private_auction',
    floor_price: '1.8',
    currency: 'eur',
    flight: [-120, -20],
    state: 'inactive',
  },
  {
    organization: 'agency',
    external_id: 'IX-77410',
    name: 'Retired Homepage Takeover',
    supply_partner: 'index_exchange',
    type: 'preferred',
    floor_price: '9',
    flight: [-200, -150],
    state: 'deleted',
  },
  {
    organization: 'advertiser',
    external_id: 'ADX-PMP-204117',
    name: 'Premium News UK — advertiser seat',
    supply_partner: 'google_adx',
    type: 'private_auction',
    floor_price: '5',
    flight: [-30, 60],
    state: 'active',
  },
  {
    organization: 'northwind',
    external_id: 'vrv:deal_7',
    name: 'Northwind Mobile Gaming',
    supply_partner: 'verve',
    type: 'private_auction',
    floor_price: '2.2',
    flight: [-15, 45],
    state: 'active',
  },
];

const dayFrom = (today: Date, days: number): string =>
  new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Seeds the demo deals inside the demo seed's transaction. */
export const seedDemoDeals = async (
  db: Db,
  organizations: { agency: string; advertiser: string; northwind: string },
  actor: HistoryActor,
  now: Date,
): Promise<void> => {
  const currencies = new Map(
    (
      await db
        .selectFrom('organizations')
        .select(['id', 'currency'])
        .where('id', 'in', Object.values(organizations))
        .execute()
    ).map((row) => [row.id, row.currency]),
  );
  for (const deal of DEALS) {
    const organizationId = organizations[deal.organization];
    const [start, end] = deal.flight;
    await insertDealWithHistory(
      db,
      {
        organization_id: organizationId,
        external_id: deal.external_id,
        name: deal.name,
        supply_partner: deal.supply_partner,
        type: deal.type,
        floor_price: toMicros(deal.floor_price).toString(),
        currency: deal.currency ?? currencies.get(organizationId) ?? 'usd',
        start_date: dayFrom(now, start),
        end_date: end === null ? null : dayFrom(now, end),
        state: deal.state,
        deleted_at: deal.state === 'deleted' ? now : null,
      },
      actor,
    );
  }
};
