import { toMicros } from '@beacon/domain/dictionary/currencies';
import type { NewDeal } from '../../db/schema';
import { dayFromToday, SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import type { DealRecord } from './deals.repo';
import { insertDealWithHistory } from './deals.service';

/**
 * Test data for the deals tests: an active private-auction deal of an organization (Google Ad Exchange, floor
 * 2.5 in the organization's currency, from today for 30 days, a unique ID at the exchange), written straight to
 * the database with its history. `values` overrides any column.
 */
export const createTestDeal = async (
  ctx: TestContext,
  organizationId: string,
  values: Partial<NewDeal> = {},
): Promise<DealRecord> => {
  const organization = await ctx.db
    .selectFrom('organizations')
    .select('currency')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const suffix = uniqueSuffix();
  return insertDealWithHistory(
    ctx.db,
    {
      organization_id: organizationId,
      external_id: `T-${suffix}`,
      name: `Deal ${suffix}`,
      supply_partner: 'google_adx',
      type: 'private_auction',
      floor_price: toMicros('2.5').toString(),
      currency: organization.currency,
      start_date: dayFromToday(ctx, 0),
      end_date: dayFromToday(ctx, 30),
      state: 'active',
      ...values,
    },
    SEED_ACTOR,
  );
};
