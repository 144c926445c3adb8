import {
  campaignCreateSchema,
  MIN_DAILY_BUDGET_MICROS,
  moneyMinimumMessage,
} from '@beacon/domain/validation/campaign-form';
import { describe, expect, it } from 'vitest';
import { createBodyOf, emptyCampaignForm, schemaErrors } from '../utils/campaign-form';
import { bidHint, minimumHints } from './minimum-hints';

describe('minimum hints', () => {
  it('say the §9 minimums in the organization currency, symbol and 2 decimals', () => {
    expect(minimumHints('usd')).toEqual({
      dailyBudget: 'At least $10.00 a day',
      lifetimeBudget: 'At least $10.00',
      dailyImpressions: 'At least 1,000 a day',
      dailyClicks: 'At least 10 a day',
      cpcTarget: 'Optional, at least $0.001',
    });
    expect(minimumHints('eur').dailyBudget).toBe('At least €10.00 a day');
  });

  it('give the CPM bounds or the CPC minimum of the currency', () => {
    expect(bidHint('cpm', 'usd')).toBe('CPM between $0.25 and $200.00');
    expect(bidHint('cpm', 'brl')).toBe('CPM between R$1.30 and R$200.00');
    expect(bidHint('cpc', 'gbp')).toBe('At least £0.001 a click');
    expect(bidHint('', 'usd')).toBeUndefined();
  });

  it('match the message the form shows when the minimum is missed', () => {
    const values = { ...emptyCampaignForm('generic', 1), name: 'x', budget: '5' };
    const errors = schemaErrors(
      campaignCreateSchema('eur'),
      createBodyOf(values, 'preview', { withInternal: false }),
    );
    expect(errors.budget).toBe(moneyMinimumMessage(MIN_DAILY_BUDGET_MICROS, 'eur'));
    expect(errors.budget).toBe('The minimum value is €10.00');
  });
});
