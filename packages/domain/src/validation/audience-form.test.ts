import { describe, expect, it } from 'vitest';
import {
  duplicateAudienceName,
  ZAudienceCreate,
  ZAudienceIdentifiersUpload,
  ZAudienceUpdate,
} from './audience-form';
import {
  AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE,
  AUDIENCE_FIELD_TYPE_MESSAGE,
  AUDIENCE_KPIS_REQUIRED_MESSAGE,
  AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE,
  maxLengthMessage,
  REQUIRED_MESSAGE,
} from './messages';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('audience forms', () => {
  it('accepts a private audience with a name and defaults its description', () => {
    expect(ZAudienceCreate.parse({ name: '  Buyers ', type: 'private' })).toEqual({
      name: 'Buyers',
      type: 'private',
      description: null,
    });
  });

  it('requires a name of at most 255 characters and a known type', () => {
    expect(messages(ZAudienceCreate.safeParse({ name: ' ', type: 'private' }))).toEqual([
      ['name', REQUIRED_MESSAGE],
    ]);
    expect(messages(ZAudienceCreate.safeParse({ name: 'x'.repeat(256), type: 'private' }))).toEqual([
      ['name', maxLengthMessage(255)],
    ]);
    expect(ZAudienceCreate.safeParse({ name: 'A', type: 'lookalike' }).success).toBe(false);
  });

  it('requires KPIs and campaigns for an interaction audience, deduplicated', () => {
    expect(messages(ZAudienceCreate.safeParse({ name: 'A', type: 'interaction' }))).toEqual([
      ['kpis', AUDIENCE_KPIS_REQUIRED_MESSAGE],
      ['campaigns', AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE],
    ]);
    expect(
      messages(ZAudienceCreate.safeParse({ name: 'A', type: 'interaction', kpis: [], campaigns: [] })),
    ).toEqual([
      ['kpis', AUDIENCE_KPIS_REQUIRED_MESSAGE],
      ['campaigns', AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE],
    ]);
    const parsed = ZAudienceCreate.parse({
      name: 'A',
      type: 'interaction',
      kpis: ['on_click', 'on_click', 'on_conversion_1'],
      campaigns: [3, 3, 4],
    });
    expect(parsed.kpis).toEqual(['on_click', 'on_conversion_1']);
    expect(parsed.campaigns).toEqual([3, 4]);
  });

  it('refuses fields that do not apply to the type', () => {
    expect(
      messages(ZAudienceCreate.safeParse({ name: 'A', type: 'private', kpis: ['on_click'], users_count: 5 })),
    ).toEqual([
      ['kpis', AUDIENCE_FIELD_TYPE_MESSAGE],
      ['users_count', AUDIENCE_FIELD_TYPE_MESSAGE],
    ]);
    expect(
      ZAudienceCreate.safeParse({ name: 'Seg', type: 'adsquare', users_count: 5, is_shared: true }).success,
    ).toBe(true);
  });

  it('needs a version to update and keeps the type', () => {
    expect(ZAudienceUpdate.safeParse({ name: 'B' }).success).toBe(false);
    expect(ZAudienceUpdate.safeParse({ version: 1, type: 'private' }).success).toBe(false);
  });

  it('refuses an upload without the no-rebuild checkbox ticked', () => {
    expect(messages(ZAudienceIdentifiersUpload.safeParse({}))).toEqual([
      ['commits_not_to_rebuild', AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE],
    ]);
    expect(messages(ZAudienceIdentifiersUpload.safeParse({ commits_not_to_rebuild: false }))).toEqual([
      ['commits_not_to_rebuild', AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE],
    ]);
    expect(
      ZAudienceIdentifiersUpload.parse({ commits_not_to_rebuild: true, identifier_type: 'gaid' }),
    ).toEqual({
      commits_not_to_rebuild: true,
      identifier_type: 'gaid',
      keep_valid: false,
    });
  });

  it('keeps the valid identifiers of a file with bad lines only when asked, with a boolean', () => {
    expect(
      ZAudienceIdentifiersUpload.parse({ commits_not_to_rebuild: true, keep_valid: true }).keep_valid,
    ).toBe(true);
    expect(
      messages(ZAudienceIdentifiersUpload.safeParse({ commits_not_to_rebuild: true, keep_valid: 'yes' })),
    ).toEqual([['keep_valid', expect.any(String)]]);
  });

  it('names a copy after its source', () => {
    expect(duplicateAudienceName('Buyers')).toBe('Buyers (copy)');
    expect(duplicateAudienceName('x'.repeat(255))).toHaveLength(255);
  });
});
