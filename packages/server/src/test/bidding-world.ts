/**
 * The world of a test that bids through the real app (`POST /rtb/{exchange}`): the demo owner's organization
 * with every other strategy paused, one live campaign (Spain, desktops, a $2.50 CPM unless told otherwise) with
 * an approved banner linked and one strategy, and an exchange admitted by its token. The bidder has read it.
 */

import { toMicros } from '@beacon/domain/dictionary/currencies';
import { EMPTY_TARGETING } from '@beacon/domain/validation/campaign-targeting';
import type { LightMyRequestResponse } from 'fastify';
import type { NewCampaign } from '../db/schema';
import { fixtureText } from '../engine/engine.factories';
import { createTestCreative } from '../modules/creatives/creatives.factories';
import { EXCHANGE_TOKEN_HEADER } from '../modules/rtb/rtb.routes';
import { createCampaign, createStrategy } from './factories';
import { bearer, loginAs, type TestContext } from './test-app';

export type BiddingWorld = {
  /** The owner's session token. */
  readonly token: string;
  readonly campaign: Awaited<ReturnType<typeof createCampaign>>;
  readonly strategyId: string;
  /** Sends the `simple-banner` fixture, changed by `change`, to the world's exchange. */
  readonly sendBidRequest: (
    id: string,
    change?: (request: Record<string, unknown>) => void,
    options?: { remoteAddress?: string },
  ) => Promise<LightMyRequestResponse>;
};

export const createBiddingWorld = async (
  ctx: TestContext,
  exchange: { key: string; token: string },
  campaignValues: Partial<NewCampaign> = {},
): Promise<BiddingWorld> => {
  const token = await loginAs(ctx.app, 'owner');
  const { organization_id: organization } = await ctx.db
    .selectFrom('users')
    .select('organization_id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('strategies').set({ state: 'paused' }).execute();
  const campaign = await createCampaign(ctx, organization, {
    state: 'active',
    currency: 'usd',
    bid: toMicros('2.5').toString(),
    device_types: ['desktop'],
    targeting: JSON.stringify({ ...EMPTY_TARGETING, countries: ['ESP'] }),
    ...campaignValues,
  });
  const creative = await createTestCreative(ctx, organization, { state: 'active' });
  const linked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/campaign/${campaign.id}/creatives`,
    headers: bearer(token),
    payload: { links: [{ creative_id: Number(creative.id), state: 'active' }] },
  });
  if (linked.statusCode !== 200) throw new Error(`linking the creative answered ${linked.body}`);
  const strategyId = (await createStrategy(ctx, campaign)).id;
  await ctx.db
    .insertInto('exchanges')
    .values({ name: `Exchange ${exchange.key}`, key: exchange.key, token: exchange.token, currency: 'USD' })
    .execute();
  await ctx.app.bidder.refresh();
  return {
    token,
    campaign,
    strategyId,
    sendBidRequest: (id, change, options = {}) => {
      const request = JSON.parse(fixtureText('simple-banner')) as Record<string, unknown>;
      request.id = id;
      change?.(request);
      return ctx.app.inject({
        method: 'POST',
        url: `/rtb/${exchange.key}`,
        payload: JSON.stringify(request),
        headers: { [EXCHANGE_TOKEN_HEADER]: exchange.token, 'content-type': 'application/json' },
        ...options,
      });
    },
  };
};
