import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES } from '../dictionary/campaigns';
import {
  DELIVERY_EXPLANATIONS,
  DELIVERY_STATUS_SEVERITY,
  type DeliveryStatusInput,
  deliveryStatus,
  deliveryStatusLabel,
  hasNotStarted,
  utcToday,
} from './delivery-status';

const RUNNING: DeliveryStatusInput = {
  state: 'active',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  today: '2026-03-15',
  strategies: { total: 2, bidding: 1 },
  creatives: { total: 3, active: 1, paused: 1, pending: 1 },
  delivery: { bidding: true, winning: true },
};

const statusOf = (changes: Partial<DeliveryStatusInput>) => deliveryStatus({ ...RUNNING, ...changes }).status;

describe('deliveryStatus', () => {
  it('is on track when nothing blocks delivery', () => {
    expect(deliveryStatus(RUNNING)).toEqual({
      status: 'on_track',
      explanation: DELIVERY_EXPLANATIONS.on_track,
    });
  });

  it('a draft is a draft whatever else holds', () => {
    expect(statusOf({ state: 'preview', strategies: { total: 0, bidding: 0 }, end_date: '2020-01-01' })).toBe(
      'draft',
    );
  });

  it.each(['deleted', 'inactive', 'imported'] as const)('%s campaigns are stopped', (state) => {
    expect(deliveryStatus({ ...RUNNING, state, end_date: '2020-01-01' })).toEqual({
      status: 'stopped',
      explanation: DELIVERY_EXPLANATIONS[state],
    });
  });

  it('ends after its end date, not on it', () => {
    expect(statusOf({ end_date: '2026-03-15' })).toBe('on_track');
    expect(deliveryStatus({ ...RUNNING, end_date: '2026-03-14' })).toEqual({
      status: 'ended',
      explanation: 'The campaign ended on 2026-03-14',
    });
    expect(statusOf({ end_date: null })).toBe('on_track');
  });

  it('paused strategies: none bidding, with a different explanation when there are none', () => {
    expect(deliveryStatus({ ...RUNNING, strategies: { total: 2, bidding: 0 } })).toEqual({
      status: 'paused_strategies',
      explanation: DELIVERY_EXPLANATIONS.paused_strategies,
    });
    expect(deliveryStatus({ ...RUNNING, strategies: { total: 0, bidding: 0 } })).toEqual({
      status: 'paused_strategies',
      explanation: DELIVERY_EXPLANATIONS.no_strategies,
    });
    expect(statusOf({ strategies: { total: 0, bidding: 0 }, end_date: '2026-03-01' })).toBe('ended');
  });

  it('creatives: none, all paused, pending approval; unknown creatives are skipped', () => {
    expect(statusOf({ creatives: { total: 0, active: 0, paused: 0, pending: 0 } })).toBe('no_creatives');
    expect(statusOf({ creatives: { total: 2, active: 0, paused: 0, pending: 0 } })).toBe('no_creatives');
    expect(statusOf({ creatives: { total: 2, active: 0, paused: 2, pending: 0 } })).toBe('paused_creatives');
    expect(statusOf({ creatives: { total: 3, active: 0, paused: 2, pending: 1 } })).toBe('pending_approval');
    expect(statusOf({ creatives: { total: 1, active: 0, paused: 0, pending: 1 } })).toBe('pending_approval');
    expect(statusOf({ creatives: { total: 3, active: 1, paused: 2, pending: 0 } })).toBe('on_track');
    expect(statusOf({ creatives: null })).toBe('on_track');
    expect(
      statusOf({
        creatives: { total: 0, active: 0, paused: 0, pending: 0 },
        strategies: { total: 1, bidding: 0 },
      }),
    ).toBe('paused_strategies');
  });

  it('delivery data: not bidding, then not winning; unknown delivery is on track', () => {
    expect(statusOf({ delivery: { bidding: false, winning: false } })).toBe('not_bidding');
    expect(statusOf({ delivery: { bidding: true, winning: false } })).toBe('not_winning');
    expect(statusOf({ delivery: null })).toBe('on_track');
    expect(
      statusOf({
        delivery: { bidding: false, winning: false },
        creatives: { total: 1, active: 0, paused: 1, pending: 0 },
      }),
    ).toBe('paused_creatives');
  });

  it('a live campaign that never delivered and does not bid says "No delivery yet"', () => {
    expect(
      deliveryStatus({ ...RUNNING, delivery: { bidding: false, winning: false, delivered: false } }),
    ).toEqual({ status: 'not_bidding', explanation: DELIVERY_EXPLANATIONS.no_delivery_yet });
    expect(
      deliveryStatus({ ...RUNNING, delivery: { bidding: false, winning: false, delivered: true } })
        .explanation,
    ).toBe(DELIVERY_EXPLANATIONS.not_bidding);
    // Bidding without ever winning is not winning, not "no delivery".
    expect(statusOf({ delivery: { bidding: true, winning: false, delivered: false } })).toBe('not_winning');
    const never = {
      delivery_status: 'not_bidding',
      start_date: '2026-03-01',
      last_delivery_hour: null,
    } as const;
    expect(deliveryStatusLabel(never, '2026-03-15')).toBe('No delivery yet');
    expect(
      deliveryStatusLabel({ ...never, last_delivery_hour: '2026-03-14T10:00:00.000Z' }, '2026-03-15'),
    ).toBe('Not bidding');
    expect(deliveryStatusLabel({ delivery_status: 'not_bidding', start_date: null }, '2026-03-15')).toBe(
      'Not bidding',
    );
  });

  it('a campaign that has not started yet is on track, saying when it starts', () => {
    expect(
      deliveryStatus({
        ...RUNNING,
        start_date: '2026-04-01',
        end_date: null,
        delivery: { bidding: false, winning: false },
      }),
    ).toEqual({
      status: 'on_track',
      explanation: 'The campaign starts on 2026-04-01',
    });
  });

  it('every delivery status has a chip colour', () => {
    expect(Object.keys(DELIVERY_STATUS_SEVERITY).sort()).toEqual([...DELIVERY_STATUSES].sort());
  });
});

describe('the chip of a campaign that has not started', () => {
  it('says when it starts instead of "On track" until its first day', () => {
    const future = { delivery_status: 'on_track', start_date: '2026-03-20' } as const;
    expect(hasNotStarted(future, '2026-03-15')).toBe(true);
    expect(deliveryStatusLabel(future, '2026-03-15')).toBe('Starts 2026-03-20');
    expect(deliveryStatusLabel(future, '2026-03-20')).toBe('On track');
    expect(deliveryStatusLabel({ delivery_status: 'on_track', start_date: null }, '2026-03-15')).toBe(
      'On track',
    );
  });

  it('leaves every other status as it is, whatever the start', () => {
    for (const status of DELIVERY_STATUSES.filter((status) => status !== 'on_track')) {
      const campaign = { delivery_status: status, start_date: '2099-01-01' };
      expect(hasNotStarted(campaign, '2026-03-15'), status).toBe(false);
    }
  });

  it('counts days in UTC, as the server does', () => {
    expect(utcToday(new Date('2026-03-15T23:30:00-05:00'))).toBe('2026-03-16');
  });
});
