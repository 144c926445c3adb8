import { describe, expect, it } from 'vitest';
import { campaignCreateSchema } from './campaign-form';
import { ZOrganizationUpdate } from './organization-form';
import { isTimeZone, TIME_ZONE_MESSAGE, TIME_ZONES, ZTimeZone } from './time-zone';

describe('time zones', () => {
  it('lists UTC first, then the IANA zones of the platform', () => {
    expect(TIME_ZONES[0]).toBe('UTC');
    expect(TIME_ZONES).toContain('Asia/Tokyo');
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
  });

  it('takes a listed zone and refuses anything else with one message', () => {
    expect(ZTimeZone.parse('Europe/Madrid')).toBe('Europe/Madrid');
    expect(isTimeZone('UTC')).toBe(true);
    // Both spellings of ICU versions: the browser's list and the server's may differ.
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    for (const wrong of ['Mars/Olympus', 'europe/madrid', '', '+02:00']) {
      const result = ZTimeZone.safeParse(wrong);
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
    }
  });

  it('is optional on a campaign and on an organization, and checked when sent', () => {
    const base = { name: 'Spring', type: 'generic', state: 'preview' };
    expect(campaignCreateSchema().safeParse(base).success).toBe(true);
    const wrong = campaignCreateSchema().safeParse({ ...base, time_zone: 'Nowhere/Land' });
    expect(wrong.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['time_zone'], message: TIME_ZONE_MESSAGE }),
    );
    expect(ZOrganizationUpdate.safeParse({ time_zone: 'Asia/Tokyo', version: 1 }).success).toBe(true);
    expect(ZOrganizationUpdate.safeParse({ time_zone: 'Tokyo', version: 1 }).error?.issues[0]?.message).toBe(
      TIME_ZONE_MESSAGE,
    );
  });
});
