import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_NAME_PATTERN,
  findPublisherConflicts,
  isBundleId,
  ZAudienceSelection,
  ZBundleId,
  ZCampaignName,
  ZTargetedCountries,
} from './campaign';
import { firstErrorMessage } from './generic';

describe('ZCampaignName', () => {
  it('accepts a name without the forbidden characters', () => {
    expect(ZCampaignName.parse('Summer sale - ES & PT (2025)')).toBe('Summer sale - ES & PT (2025)');
  });

  it.each(['Sale | 1', 'Price $5', 'Tag #1', 'me@home'])('rejects %s with the characters message', (name) => {
    expect(ZCampaignName.safeParse(name).error?.issues[0]?.message).toBe(
      'Please, do not use the characters | $ # or @',
    );
  });

  it('is required, while its character pattern alone allows an empty value', () => {
    expect(CAMPAIGN_NAME_PATTERN.test('')).toBe(true);
    expect(ZCampaignName.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(ZCampaignName.safeParse(undefined).error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('ZTargetedCountries', () => {
  it('accepts up to five countries', () => {
    expect(ZTargetedCountries.safeParse([]).success).toBe(true);
    expect(ZTargetedCountries.safeParse(['ESP', 'PRT', 'FRA', 'ITA', 'DEU']).success).toBe(true);
  });

  it('rejects a sixth country', () => {
    expect(firstErrorMessage(ZTargetedCountries, ['ESP', 'PRT', 'FRA', 'ITA', 'DEU', 'GBR'])).toBe(
      'You can not target more than five countries',
    );
  });

  it('rejects a code that is not ISO 3166-1 alpha-3', () => {
    expect(firstErrorMessage(ZTargetedCountries, ['es'])).toBe('Invalid format');
  });
});

describe('ZBundleId', () => {
  it.each([
    'com.example.app',
    'com.king.candycrushsaga',
    'org.my_company.App2',
    '284882215',
    'id284882215',
    '1445164721',
  ])('accepts %s', (bundleId) => {
    expect(ZBundleId.safeParse(bundleId).success).toBe(true);
  });

  it.each([
    'example',
    'com..example',
    '.com.example',
    'com.example.',
    '1com.example',
    'com.1example',
    'com.exa mple',
    'id',
    'id12a',
    '0123',
    'https://play.google.com/store/apps/details?id=com.example',
  ])('rejects %s as malformed', (bundleId) => {
    expect(ZBundleId.safeParse(bundleId).error?.issues[0]?.message).toBe('Malformed Bundle ID');
  });

  it('is required', () => {
    expect(ZBundleId.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });

  it('refuses absurdly long ids', () => {
    expect(isBundleId(`com.${'a'.repeat(260)}`)).toBe(false);
  });
});

describe('ZAudienceSelection', () => {
  const hint =
    "Please, select at least one audience in the 'at least one of them' or 'mandatory ones' fields";

  it('asks for an audience on the "at least one of them" field when audiences are required and none is chosen', () => {
    const issue = ZAudienceSelection.safeParse({
      areAudiencesRequired: true,
      atLeastOneOf: [],
      mandatory: [],
    }).error?.issues[0];
    expect(issue?.message).toBe(hint);
    expect(issue?.path).toEqual(['atLeastOneOf']);
  });

  it('accepts an audience in either field', () => {
    expect(ZAudienceSelection.safeParse({ areAudiencesRequired: true, atLeastOneOf: ['a1'] }).success).toBe(
      true,
    );
    expect(ZAudienceSelection.safeParse({ areAudiencesRequired: true, mandatory: ['a2'] }).success).toBe(
      true,
    );
  });

  it('accepts no audience when none is required', () => {
    expect(ZAudienceSelection.safeParse({}).success).toBe(true);
  });
});

describe('findPublisherConflicts', () => {
  it('lists each publisher present in both the blocklist and the allowlist once', () => {
    expect(findPublisherConflicts(['a.com', 'b.com', 'com.c'], ['com.c', 'd.com', 'a.com', 'com.c'])).toEqual(
      ['com.c', 'a.com'],
    );
    expect(findPublisherConflicts(['a.com'], ['b.com'])).toEqual([]);
  });
});
