import { describe, expect, it } from 'vitest';
import { ZCampaignComplete, ZCampaignDraft, ZCampaignUpdate } from './campaign-form';
import { ZTargeting } from './campaign-targeting';
import { AUDIENCES_REQUIRED_MESSAGE, maxLengthMessage } from './messages';
import {
  areAudiencesRequired,
  audiencesRequiredIssue,
  MAX_TARGETED_RESOURCES,
  resourceRefsOf,
  ZStrategyTargeting,
} from './resource-targeting';

const APP_PROMOTION = {
  name: 'Re-engage',
  type: 'app-promotion',
  objective: 'retargeting',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  budget_timespan: 'lifetime',
  budget: '5000',
  daily_limit_type: 'auto',
  max_daily_cost_strategy: 'daily',
  pricing: 'cpm',
  price_model: 'cpm',
  bid: '2.5',
  event_optimisation: 'not_optimizing',
  tracking_tool: 'appsflyer',
  device_types: ['phone'],
  device_id_types: ['ifa'],
  targeting: { bundle_ids: ['com.example.app'] },
};

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('resource targeting fields', () => {
  it('a new targeting defaults every resource list to empty and drops repeated ids', () => {
    const targeting = ZTargeting.parse({ geolists: [3, 3, 4], audiences: { excluded: [7] } });
    expect(targeting).toMatchObject({
      audiences: { at_least_one_of: [], mandatory: [], excluded: [7] },
      location_audiences: [],
      geolists: [3, 4],
      publisher_allowlists: [],
      publisher_blocklists: [],
      deals: [],
    });
  });

  it('ids are positive whole numbers, at most MAX_TARGETED_RESOURCES per list', () => {
    expect(issuesOf(ZTargeting.safeParse({ deals: [1, 'x'], geolists: [0] }))).toEqual([
      'geolists.0: Invalid format',
      'deals.1: Invalid format',
    ]);
    const many = Array.from({ length: MAX_TARGETED_RESOURCES + 1 }, (_, index) => index + 1);
    expect(issuesOf(ZTargeting.safeParse({ publisher_blocklists: many }))).toEqual([
      `publisher_blocklists: ${maxLengthMessage(MAX_TARGETED_RESOURCES)}`,
    ]);
    expect(issuesOf(ZTargeting.safeParse({ audiences: { other: [1] } }))).toHaveLength(1);
  });

  it('a PUT replaces only the resource lists it sends', () => {
    const update = ZCampaignUpdate.parse({ version: 1, targeting: { deals: [9] } });
    expect(update.targeting).toEqual({ deals: [9] });
  });

  it('a strategy takes audiences, location audiences and geolists, not publisher lists or deals', () => {
    expect(ZStrategyTargeting.parse({ geolists: [1] })).toEqual({
      audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
      location_audiences: [],
      geolists: [1],
    });
    expect(ZStrategyTargeting.safeParse({ deals: [1] }).success).toBe(false);
  });

  it('lists every targeted id with its kind and path', () => {
    expect(
      resourceRefsOf({
        audiences: { at_least_one_of: [1], mandatory: [], excluded: [2] },
        geolists: [5],
        publisher_blocklists: [8],
      }),
    ).toEqual([
      { kind: 'audience', id: 1, path: ['audiences', 'at_least_one_of', 0] },
      { kind: 'audience', id: 2, path: ['audiences', 'excluded', 0] },
      { kind: 'geolist', id: 5, path: ['geolists', 0] },
      { kind: 'publisher_list', id: 8, path: ['publisher_blocklists', 0] },
    ]);
  });
});

describe('audiences required (§5 hint)', () => {
  it('retargeting requires an audience in "at least one of them" or "mandatory ones"', () => {
    expect(areAudiencesRequired('retargeting')).toBe(true);
    expect(areAudiencesRequired('user_acquisition')).toBe(false);
    expect(areAudiencesRequired(null)).toBe(false);
    expect(audiencesRequiredIssue('retargeting', { excluded: [3] })).toEqual({
      path: ['audiences', 'at_least_one_of'],
      message: AUDIENCES_REQUIRED_MESSAGE,
    });
    expect(audiencesRequiredIssue('retargeting', { mandatory: [3] })).toBeUndefined();
    expect(audiencesRequiredIssue('retargeting', { at_least_one_of: [3] })).toBeUndefined();
  });

  it('a complete retargeting campaign without audiences gets the hint; a draft or an acquisition one does not', () => {
    expect(issuesOf(ZCampaignComplete.safeParse(APP_PROMOTION))).toEqual([
      `targeting.audiences.at_least_one_of: ${AUDIENCES_REQUIRED_MESSAGE}`,
    ]);
    expect(
      issuesOf(
        ZCampaignComplete.safeParse({
          ...APP_PROMOTION,
          targeting: { bundle_ids: ['com.example.app'], audiences: { mandatory: [4] } },
        }),
      ),
    ).toEqual([]);
    expect(
      issuesOf(ZCampaignComplete.safeParse({ ...APP_PROMOTION, objective: 'user_acquisition' })),
    ).toEqual([]);
    expect(issuesOf(ZCampaignDraft.safeParse({ ...APP_PROMOTION, state: 'preview' }))).toEqual([]);
  });
});
