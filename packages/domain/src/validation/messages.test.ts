import { describe, expect, it } from 'vitest';
import { MAX_CAMPAIGN_COUNTRIES, PASSWORD_MIN_LENGTH } from '../dictionary/constants';
import {
  confirmWordMessage,
  geolistCoordinateMessage,
  MAX_COUNTRIES_MESSAGE,
  maxLengthMessage,
  maxValueMessage,
  minLengthMessage,
  minPrepaymentMessage,
  minValueMessage,
  PASSWORD_RULE_MESSAGE,
} from './messages';

describe('validation messages', () => {
  it('interpolates the expected limit into the generic length and value messages', () => {
    expect(maxLengthMessage(10)).toBe('The maximum length is 10');
    expect(minLengthMessage(3)).toBe('The minimum length is 3');
    expect(maxValueMessage(200)).toBe('The maximum value is 200');
    expect(minValueMessage('0.25 EUR')).toBe('The minimum value is 0.25 EUR');
  });

  it('names the word to type in the confirm dialog message', () => {
    expect(confirmWordMessage('Stop bidding')).toBe(
      'You should correctly type the word Stop bidding to continue',
    );
    expect(confirmWordMessage('Blacklist')).toBe('You should correctly type the word Blacklist to continue');
  });

  it('states the minimum prepayment and the coordinate bounds', () => {
    expect(minPrepaymentMessage(250)).toBe('The minimum prepayment top-up is 250');
    expect(geolistCoordinateMessage('latitude', 90)).toBe('The latitude must be a number between -90 and 90');
  });

  it('keeps the spelled-out country limit in step with MAX_CAMPAIGN_COUNTRIES', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    expect(MAX_COUNTRIES_MESSAGE).toBe(
      `You can not target more than ${words[MAX_CAMPAIGN_COUNTRIES]} countries`,
    );
  });

  it('builds the password rule from PASSWORD_MIN_LENGTH', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      `The password must have at least ${PASSWORD_MIN_LENGTH} characters, an upper-case letter, a lower-case letter, a digit and a symbol`,
    );
  });
});
