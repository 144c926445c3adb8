import { describe, expect, it } from 'vitest';
import { errorsOfStep, firstStepWithErrors, stepOfErrorKey, unplacedErrors } from './creation-steps';

describe('creation steps', () => {
  it('places each field on its step', () => {
    expect(stepOfErrorKey('name')).toBe('basics');
    expect(stepOfErrorKey('daily_impressions')).toBe('flight');
    expect(stepOfErrorKey('bid')).toBe('bidding');
    expect(stepOfErrorKey('frequency_cap.period')).toBe('bidding');
    expect(stepOfErrorKey('targeting.countries')).toBe('targeting');
    expect(stepOfErrorKey('schedule')).toBe('targeting');
    expect(stepOfErrorKey('state')).toBe('review');
  });

  it('keeps the errors of one step, and finds the first step to fix', () => {
    const errors = {
      bid: 'The minimum value is 0.25',
      'targeting.countries': 'You can not target more than five countries',
    };
    expect(errorsOfStep(errors, 'bidding')).toEqual({ bid: 'The minimum value is 0.25' });
    expect(errorsOfStep(errors, 'basics')).toEqual({});
    expect(firstStepWithErrors(errors)).toBe('bidding');
    expect(firstStepWithErrors({})).toBeUndefined();
  });

  it('lists the messages no field shows', () => {
    expect(unplacedErrors({ name: 'x', internal: 'Not allowed' })).toEqual(['Not allowed']);
  });
});
