import type { THistoryEntry } from '@beacon/domain/api/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN } from '../modules/campaigns/campaigns.access';
import { actorOf } from '../modules/history/history.service';
import { createAccount, createCampaign, createStrategy } from '../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../test/test-app';
import { recordChange } from './resources';

/** The names a history answer gives the ids its changes hold, read in the caller's scope (decision 039). */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const historyAs = async (token: string, campaignId: string): Promise<THistoryEntry[]> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/campaign/${campaignId}/history`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<THistoryEntry[]>();
};

describe('history labels', () => {
  it('names the rows a change refers to that the caller may read, and no others', async () => {
    const own = await createAccount(ctx, { prefix: 'labels_own' });
    const other = await createAccount(ctx, { prefix: 'labels_other' });
    const ownSource = await createCampaign(ctx, own.organizationId);
    const otherSource = await createCampaign(ctx, other.organizationId);
    const campaign = await createCampaign(ctx, own.organizationId);
    const organization = await ctx.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', own.organizationId)
      .executeTakeFirstOrThrow();
    // An id of another tenant's campaign and of a geolist that does not exist, as an old entry may hold.
    await recordChange(ctx.db, CAMPAIGN, campaign, actorOf(null), 'update', [
      { field: 'source_campaign', from: Number(otherSource.id), to: Number(ownSource.id) },
      { field: 'targeting', from: { geolists: [] }, to: { geolists: [987_654_321] } },
      { field: 'name', from: 'Before', to: 'After' },
    ]);

    const [entry] = await historyAs(await loginAs(ctx.app, own.username, own.password), campaign.id);
    expect(entry?.labels).toEqual({
      source_campaign: { [ownSource.id]: ownSource.name },
      'targeting.geolists': {},
    });
    const created = (await historyAs(await loginAs(ctx.app, own.username, own.password), campaign.id)).at(-1);
    expect(created?.labels?.organization).toEqual({ [own.organizationId]: organization.name });

    // The operator's staff see every organization, so the other tenant's name too.
    const [staffEntry] = await historyAs(await loginAs(ctx.app, 'supervisor'), campaign.id);
    expect(staffEntry?.labels?.source_campaign).toEqual({
      [ownSource.id]: ownSource.name,
      [otherSource.id]: otherSource.name,
    });
  });

  it('names the original of a copy', async () => {
    const account = await createAccount(ctx, { prefix: 'labels_copy' });
    const original = await createCampaign(ctx, account.organizationId);
    const token = await loginAs(ctx.app, account.username, account.password);
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaign/${original.id}/duplicate`,
      headers: bearer(token),
      payload: { with_strategies: false },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const history = await historyAs(token, String(copy.json<{ id: number }>().id));
    expect(history.at(-1)).toMatchObject({
      action: 'duplicate',
      labels: { duplicated_from: { [original.id]: original.name } },
    });
  });

  it('names the strategy a campaign history entry is about, and its campaign', async () => {
    const account = await createAccount(ctx, { prefix: 'labels_part' });
    const campaign = await createCampaign(ctx, account.organizationId);
    const strategy = await createStrategy(ctx, campaign);
    const history = await historyAs(await loginAs(ctx.app, account.username, account.password), campaign.id);
    expect(history.find((entry) => entry.entity === 'strategy')).toMatchObject({
      action: 'create',
      labels: { subject: { [strategy.id]: strategy.name }, campaign: { [campaign.id]: campaign.name } },
    });
    expect(history.find((entry) => entry.entity === 'campaign')?.labels).not.toHaveProperty('subject');
  });
});
