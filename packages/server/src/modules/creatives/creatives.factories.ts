import type { NewCreative } from '../../db/schema';
import { SEED_ACTOR, uniqueSuffix } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import type { CreativeRecord } from './creatives.repo';
import { insertCreativeWithHistory } from './creatives.resource';

/**
 * Test data for the creatives tests: a 300x250 tag of an organization, pending approval, written straight to
 * the database with its history. `values` overrides any column.
 */
export const createTestCreative = async (
  ctx: TestContext,
  organizationId: string,
  values: Partial<NewCreative> = {},
): Promise<CreativeRecord> =>
  insertCreativeWithHistory(
    ctx.db,
    {
      organization_id: organizationId,
      name: `Creative ${uniqueSuffix()}`,
      type: 'tag',
      technical_type: 'third_party',
      click_url: 'https://example.com/landing',
      html_markup: '<div><a href="{click_url}">Buy</a></div>',
      width: 300,
      height: 250,
      tag_creation_mode: 'single',
      impression_pixels: '[]',
      event_pixels: '{}',
      attributes: '[]',
      ...values,
    },
    SEED_ACTOR,
  );
