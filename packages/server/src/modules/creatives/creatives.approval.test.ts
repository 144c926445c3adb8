import {
  CAMPAIGN_DELETED_MESSAGE,
  CREATIVE_DELETED_MESSAGE,
  CREATIVE_REJECTION_REASON_MESSAGE,
  CREATIVE_REVIEW_STATE_MESSAGE,
  creativeApprovedAlert,
  creativeOrganizationMessage,
  creativeRejectedAlert,
  creativeRejectedLinkMessage,
} from '@beacon/domain/validation/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createStrategy, dayFromToday } from '../../test/factories';
import { bearer, loginAs, startTestApp, type TestContext } from '../../test/test-app';
import { createTestCreative } from './creatives.factories';
import type { TCampaignCreative, TCreative, TCreativeRow } from './creatives.schemas';

/**
 * Campaign links, the campaign's delivery status, back-office approval with its alerts, and the creatives
 * report (decision 022), through the API.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const orgs: Record<'agency' | 'advertiser' | 'northwind', string> = {
  agency: '',
  advertiser: '',
  northwind: '',
};

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

/** An active campaign with a bidding strategy, so that its delivery status turns on its creatives. */
const deliveringCampaign = async (organizationId: string) => {
  const campaign = await createCampaign(ctx, organizationId, { state: 'active' });
  await createStrategy(ctx, campaign);
  return campaign;
};

const deliveryStatusOf = async (campaignId: string): Promise<string> => {
  const one = await call('owner', 'GET', `/campaign/${campaignId}`);
  expect(one.statusCode, one.body).toBe(200);
  const listed = await call('owner', 'GET', `/campaigns?id[is]=${campaignId}`);
  const [row] = listed.json<{ delivery_status: string }[]>();
  // The grid's SQL and the detail's domain function agree.
  expect(row?.delivery_status).toBe(one.json<{ delivery_status: string }>().delivery_status);
  return one.json<{ delivery_status: string }>().delivery_status;
};

beforeAll(async () => {
  ctx = await startTestApp();
  const named = [
    ['agency', 'Demo Agency'],
    ['advertiser', 'Demo Advertiser'],
    ['northwind', 'Northwind Media'],
  ] as const;
  for (const [key, name] of named) {
    orgs[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  for (const who of ['owner', 'viewer', 'creative_manager', 'supervisor', 'admin', 'support', 'reseller']) {
    tokens[who] = await loginAs(ctx.app, who);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('campaign links and the delivery status', () => {
  // Once no creative holds it back, a campaign without delivery yet is not_bidding ("No delivery yet").
  it('moves from no_creatives to pending_approval, not_bidding, paused_creatives and back', async () => {
    const campaign = await deliveringCampaign(orgs.advertiser);
    expect(await deliveryStatusOf(campaign.id)).toBe('no_creatives');

    // A creative of the campaign's organization's parent may serve it.
    const creative = await createTestCreative(ctx, orgs.agency);
    const linked = await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [{ creative_id: Number(creative.id), state: 'active' }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<TCampaignCreative[]>()).toMatchObject([
      { id: Number(creative.id), link_state: 'active' },
    ]);
    expect(await deliveryStatusOf(campaign.id)).toBe('pending_approval');

    const approved = await call('supervisor', 'POST', `/backoffice/creative/${creative.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TCreative>()).toMatchObject({ state: 'active', audit_status: 'audited' });
    expect(await deliveryStatusOf(campaign.id)).toBe('not_bidding');

    await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [{ creative_id: Number(creative.id), state: 'inactive' }],
    });
    expect(await deliveryStatusOf(campaign.id)).toBe('paused_creatives');

    await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [{ creative_id: Number(creative.id), state: 'deleted' }],
    });
    expect(await deliveryStatusOf(campaign.id)).toBe('no_creatives');
    expect((await call('owner', 'GET', `/campaign/${campaign.id}/creatives`)).json()).toEqual([]);
  });

  it('a content change sends the creative back to review and the campaign to pending_approval', async () => {
    const campaign = await deliveringCampaign(orgs.agency);
    const creative = await createTestCreative(ctx, orgs.agency, { state: 'active', audit_status: 'audited' });
    const link = await call('creative_manager', 'POST', `/creative/${creative.id}/campaigns`, {
      campaign_ids: [Number(campaign.id)],
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<TCreative>()).toMatchObject({
      campaigns_count: 1,
      campaigns: [{ id: Number(campaign.id), name: campaign.name, link_state: 'active' }],
    });
    expect(await deliveryStatusOf(campaign.id)).toBe('not_bidding');
    await call('owner', 'PUT', `/creative/${creative.id}`, {
      version: 1,
      click_url: 'https://shop.example/x',
    });
    expect(await deliveryStatusOf(campaign.id)).toBe('pending_approval');
  });

  it('deleting a creative deletes its links; a rejected creative counts as none', async () => {
    const campaign = await deliveringCampaign(orgs.agency);
    const kept = await createTestCreative(ctx, orgs.agency);
    const dropped = await createTestCreative(ctx, orgs.agency);
    await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [
        { creative_id: Number(kept.id), state: 'active' },
        { creative_id: Number(dropped.id), state: 'active' },
      ],
    });
    expect((await call('owner', 'DELETE', `/creative/${dropped.id}?version=1`)).statusCode).toBe(204);
    const left = (await call('owner', 'GET', `/campaign/${campaign.id}/creatives`)).json<
      TCampaignCreative[]
    >();
    expect(left.map((row) => row.id)).toEqual([Number(kept.id)]);
    await call('admin', 'POST', `/backoffice/creative/${kept.id}/reject`, { reason: 'Misleading claims' });
    expect(await deliveryStatusOf(campaign.id)).toBe('no_creatives');
  });

  it('offers a campaign only the creatives it may link: its organization’s or above, not rejected, not linked', async () => {
    const campaign = await deliveringCampaign(orgs.advertiser);
    const own = await createTestCreative(ctx, orgs.advertiser);
    const parents = await createTestCreative(ctx, orgs.agency);
    const rejected = await createTestCreative(ctx, orgs.agency, { state: 'rejected' });
    const northwind = await createTestCreative(ctx, orgs.northwind);
    const linked = await createTestCreative(ctx, orgs.advertiser);
    expect(
      (
        await call('supervisor', 'PUT', `/campaign/${campaign.id}/creatives`, {
          links: [{ creative_id: Number(linked.id), state: 'active' }],
        })
      ).statusCode,
    ).toBe(200);
    // The supervisor sees every organization's creatives; the picker still offers only the linkable ones.
    const offered = await call('supervisor', 'GET', `/campaign/${campaign.id}/linkable-creatives?limit=200`);
    expect(offered.statusCode).toBe(200);
    const ids = offered.json<TCreativeRow[]>().map((row) => String(row.id));
    expect(ids).toEqual(expect.arrayContaining([own.id, parents.id]));
    for (const refused of [rejected, northwind, linked]) expect(ids).not.toContain(refused.id);
    expect(Number(offered.headers['x-total-count'])).toBe(ids.length);
    const searched = await call(
      'owner',
      'GET',
      `/campaign/${campaign.id}/linkable-creatives?search=${encodeURIComponent(own.name)}`,
    );
    expect(searched.json<TCreativeRow[]>().map((row) => String(row.id))).toEqual([own.id]);
    // Out of the caller's scope, the campaign is not found.
    expect((await call('reseller', 'GET', `/campaign/${campaign.id}/linkable-creatives`)).statusCode).toBe(
      404,
    );
  });

  it('refuses to link a rejected creative, naming it, and links nothing of the batch', async () => {
    const campaign = await deliveringCampaign(orgs.agency);
    const fine = await createTestCreative(ctx, orgs.agency);
    const rejected = await createTestCreative(ctx, orgs.agency, { state: 'rejected' });
    const response = await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [
        { creative_id: Number(fine.id), state: 'active' },
        { creative_id: Number(rejected.id), state: 'active' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toEqual([
      { path: 'links.1.creative_id', message: creativeRejectedLinkMessage(rejected.name) },
    ]);
    expect((await call('owner', 'GET', `/campaign/${campaign.id}/creatives`)).json()).toEqual([]);
  });

  it('refuses, all or nothing, a creative of another branch or outside the scope', async () => {
    const campaign = await deliveringCampaign(orgs.agency);
    const fine = await createTestCreative(ctx, orgs.agency);
    const child = await createTestCreative(ctx, orgs.advertiser);
    const wrongBranch = await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [
        { creative_id: Number(fine.id), state: 'active' },
        { creative_id: Number(child.id), state: 'active' },
      ],
    });
    expect(wrongBranch.statusCode).toBe(400);
    expect(detailsOf(wrongBranch)).toEqual([
      { path: 'links.1.creative_id', message: creativeOrganizationMessage(child.name) },
    ]);
    const northwind = await createTestCreative(ctx, orgs.northwind);
    const outside = await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [
        { creative_id: Number(fine.id), state: 'active' },
        { creative_id: Number(northwind.id), state: 'active' },
      ],
    });
    expect(outside.statusCode).toBe(404);
    expect((await call('owner', 'GET', `/campaign/${campaign.id}/creatives`)).json()).toEqual([]);
    const viewer = await call('viewer', 'PUT', `/campaign/${campaign.id}/creatives`, {
      links: [{ creative_id: Number(fine.id), state: 'active' }],
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('answers 409 DELETED to links of a deleted creative or to a deleted campaign, and links nothing', async () => {
    const campaign = await deliveringCampaign(orgs.agency);
    const fine = await createTestCreative(ctx, orgs.agency);
    const deleted = await createTestCreative(ctx, orgs.agency, { deleted_at: new Date() });
    const expectDeleted = (response: LightMyRequestResponse, message: string) => {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('DELETED');
      expect(detailsOf(response)).toEqual([{ path: 'state', message }]);
    };
    expectDeleted(
      await call('owner', 'PUT', `/campaign/${campaign.id}/creatives`, {
        links: [
          { creative_id: Number(fine.id), state: 'active' },
          { creative_id: Number(deleted.id), state: 'active' },
        ],
      }),
      CREATIVE_DELETED_MESSAGE,
    );
    expectDeleted(
      await call('owner', 'POST', `/creative/${deleted.id}/campaigns`, {
        campaign_ids: [Number(campaign.id)],
      }),
      CREATIVE_DELETED_MESSAGE,
    );
    expect((await call('owner', 'GET', `/campaign/${campaign.id}/creatives`)).json()).toEqual([]);
    const gone = await createCampaign(ctx, orgs.agency, { state: 'deleted' });
    expectDeleted(
      await call('owner', 'PUT', `/campaign/${gone.id}/creatives`, {
        links: [{ creative_id: Number(fine.id), state: 'active' }],
      }),
      CAMPAIGN_DELETED_MESSAGE,
    );
  });
});

describe('back-office approval', () => {
  it('lists the pending queue of every organization to the operator staff only', async () => {
    const pending = await createTestCreative(ctx, orgs.northwind);
    const active = await createTestCreative(ctx, orgs.agency, { state: 'active', audit_status: 'audited' });
    const queue = await call('supervisor', 'GET', '/backoffice/creatives?limit=200');
    expect(queue.statusCode).toBe(200);
    const rows = queue.json<TCreativeRow[]>();
    expect(rows.every((row) => row.state === 'pending-approval')).toBe(true);
    expect(rows.some((row) => row.id === Number(pending.id))).toBe(true);
    const all = await call('supervisor', 'GET', '/backoffice/creatives?limit=200&state[is]=active');
    expect(all.json<TCreativeRow[]>().some((row) => row.id === Number(active.id))).toBe(true);
    expect((await call('owner', 'GET', '/backoffice/creatives')).statusCode).toBe(403);
    expect((await call('support', 'GET', '/backoffice/creatives')).statusCode).toBe(403);
  });

  it('approves and rejects with a reason, raising the alert for the organization', async () => {
    const toApprove = await createTestCreative(ctx, orgs.advertiser);
    const toReject = await createTestCreative(ctx, orgs.northwind);
    await call('supervisor', 'POST', `/backoffice/creative/${toApprove.id}/approve`);
    const noReason = await call('supervisor', 'POST', `/backoffice/creative/${toReject.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)).toEqual([{ path: 'reason', message: CREATIVE_REJECTION_REASON_MESSAGE }]);
    const rejected = await call('supervisor', 'POST', `/backoffice/creative/${toReject.id}/reject`, {
      reason: 'Flashing animation',
    });
    expect(rejected.json<TCreative>()).toMatchObject({
      state: 'rejected',
      audit_status: 'rejected',
      rejection_reason: 'Flashing animation',
    });
    const alerts = await ctx.db
      .selectFrom('alerts')
      .select(['organization_id', 'type', 'entity_id', 'message'])
      .where('entity_id', 'in', [toApprove.id, toReject.id])
      .orderBy('id')
      .execute();
    expect(alerts).toEqual([
      {
        organization_id: orgs.advertiser,
        type: 'creative_approved',
        entity_id: toApprove.id,
        message: creativeApprovedAlert(toApprove.name),
      },
      {
        organization_id: orgs.northwind,
        type: 'creative_rejected',
        entity_id: toReject.id,
        message: creativeRejectedAlert(toReject.name, 'Flashing animation'),
      },
    ]);
    const again = await call('supervisor', 'POST', `/backoffice/creative/${toReject.id}/approve`);
    expect(detailsOf(again)).toEqual([{ path: 'state', message: CREATIVE_REVIEW_STATE_MESSAGE }]);
    const history = await call('owner', 'GET', `/creative/${toApprove.id}/history`);
    expect(history.json<{ action: string; actor: { username: string } }[]>()[0]).toMatchObject({
      action: 'approve',
      actor: { username: 'supervisor' },
    });
  });

  it('answers 409 DELETED to the review of a deleted creative, 404 to one that does not exist', async () => {
    const deleted = await createTestCreative(ctx, orgs.northwind, { deleted_at: new Date() });
    const refused = await call('supervisor', 'POST', `/backoffice/creative/${deleted.id}/approve`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('DELETED');
    expect(detailsOf(refused)).toEqual([{ path: 'state', message: CREATIVE_DELETED_MESSAGE }]);
    expect((await call('supervisor', 'POST', '/backoffice/creative/999999999/approve')).statusCode).toBe(404);
  });

  it('bulk approval and rejection are all or nothing', async () => {
    const first = await createTestCreative(ctx, orgs.agency);
    const second = await createTestCreative(ctx, orgs.northwind);
    const done = await createTestCreative(ctx, orgs.agency, { state: 'active', audit_status: 'audited' });
    const refused = await call('admin', 'POST', '/backoffice/creatives/approve', {
      ids: [Number(first.id), Number(done.id)],
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([{ path: 'ids.1', message: CREATIVE_REVIEW_STATE_MESSAGE }]);
    const untouched = await ctx.db
      .selectFrom('creatives')
      .select('state')
      .where('id', '=', first.id)
      .executeTakeFirst();
    expect(untouched?.state).toBe('pending-approval');
    const missing = await call('admin', 'POST', '/backoffice/creatives/reject', {
      ids: [Number(first.id), 999999999],
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const approved = await call('admin', 'POST', '/backoffice/creatives/approve', {
      ids: [Number(first.id), Number(second.id)],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TCreative[]>().map((creative) => creative.state)).toEqual(['active', 'active']);
    const noReason = await call('admin', 'POST', '/backoffice/creatives/reject', { ids: [Number(first.id)] });
    expect(noReason.statusCode).toBe(400);
  });
});

describe('GET /creatives/report.csv', () => {
  it('answers the §3 columns for the creatives of the scope created on the days asked', async () => {
    const creative = await createTestCreative(ctx, orgs.agency, {
      name: 'Report, "quoted"',
      state: 'rejected',
      audit_status: 'rejected',
      rejection_reason: 'Bad landing',
      google_status: 'secure_approved',
    });
    await createTestCreative(ctx, orgs.northwind, { name: 'Northwind hidden' });
    const today = dayFromToday(ctx, 0);
    const response = await call('owner', 'GET', `/creatives/report.csv?from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Day,Month,Organization,Type,Name,ID,State,AppNexus status,Google summary,Rejection reason,Google rejection reason,AppNexus rejection reason',
    );
    expect(lines).toContain(
      `${today},${today.slice(0, 7)},Demo Agency,Tag,"Report, ""quoted""",${creative.id},rejected,,Approved (secure),Bad landing,,`,
    );
    expect(response.body).not.toContain('Northwind hidden');
    const tomorrow = dayFromToday(ctx, 1);
    const empty = await call('owner', 'GET', `/creatives/report.csv?from=${tomorrow}&to=${tomorrow}`);
    expect(empty.body.trim().split(/\r?\n/)).toHaveLength(1);
    const backwards = await call('owner', 'GET', `/creatives/report.csv?from=${tomorrow}&to=${today}`);
    expect(backwards.statusCode).toBe(400);
    expect((await call('viewer', 'GET', `/creatives/report.csv?from=${today}&to=${today}`)).statusCode).toBe(
      403,
    );
  });
});
