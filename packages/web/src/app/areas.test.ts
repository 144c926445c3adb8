import type { UserRole } from '@beacon/domain/dictionary/roles';
import { describe, expect, it } from 'vitest';
import { AREAS, HOME_PATH, isAvailablePath, isMenuEntryActive, reachableRoute, visibleAreas } from './areas';

describe('isAvailablePath', () => {
  it('serves the sections an area has built, and no other', () => {
    expect(isAvailablePath('/account')).toBe(true);
    expect(isAvailablePath('/account/profile')).toBe(true);
    expect(isAvailablePath('/account/users?page=2')).toBe(true);
    expect(isAvailablePath('/account/billing')).toBe(false);
    expect(reachableRoute('/account/billing')).toBe(HOME_PATH);
  });

  it('serves the home page only at its own path', () => {
    expect(isAvailablePath(HOME_PATH)).toBe(true);
    expect(isAvailablePath('/analytics')).toBe(false);
  });

  it('serves the campaigns landing, a campaign detail and the back-office campaigns', () => {
    expect(isAvailablePath('/campaigns')).toBe(true);
    expect(isAvailablePath('/campaigns?state[is]=active&sort=-name')).toBe(true);
    expect(reachableRoute('/campaigns')).toBe('/campaigns');
    expect(isAvailablePath('/campaign/new')).toBe(true);
    expect(isAvailablePath('/campaign/12/strategies')).toBe(true);
    expect(isAvailablePath('/backoffice/campaigns')).toBe(true);
    expect(isAvailablePath('/backoffice/creatives')).toBe(true);
    expect(isAvailablePath('/backoffice/notifications')).toBe(false);
  });

  it("serves the creatives library, a campaign's creatives and a creative detail", () => {
    expect(isAvailablePath('/creatives')).toBe(true);
    expect(isAvailablePath('/creatives?type[is]=image')).toBe(true);
    expect(isAvailablePath('/creative?campaign=4')).toBe(true);
    expect(isAvailablePath('/creative/12')).toBe(true);
    // The creative manager's §2 landing reaches the library instead of falling back home.
    expect(reachableRoute('/creatives')).toBe('/creatives');
  });
});

describe('visibleAreas (side menu)', () => {
  const labelsOf = (role: UserRole) =>
    visibleAreas({ role, organizationRole: 'regular', isTest: false }).map((area) => area.label);

  it('lists Campaigns for the roles §6 lets use campaigns, never the campaign detail', () => {
    expect(labelsOf('owner')).toContain('Campaigns');
    expect(labelsOf('viewer')).toContain('Campaigns');
    expect(labelsOf('owner')).not.toContain('Campaign');
    expect(labelsOf('advertiser')).not.toContain('Campaigns');
    expect(labelsOf('creative_manager')).not.toContain('Campaigns');
  });

  it('keeps Campaigns out of the menu of a partner organization (§6 organization roles)', () => {
    expect(
      visibleAreas({ role: 'owner', organizationRole: 'data-partner', isTest: false }).map(
        (area) => area.label,
      ),
    ).not.toContain('Campaigns');
  });
});

describe('Creatives area', () => {
  const labelsOf = (role: UserRole) =>
    visibleAreas({ role, organizationRole: 'regular', isTest: false }).map((area) => area.label);

  it('is in the menu of the roles §6 lets use the library, never the detail', () => {
    expect(labelsOf('creative_manager')).toContain('Creatives');
    expect(labelsOf('owner')).toContain('Creatives');
    expect(labelsOf('viewer')).not.toContain('Creatives');
    expect(labelsOf('advertiser')).not.toContain('Creatives');
    expect(labelsOf('audience_manager')).not.toContain('Creatives');
    expect(labelsOf('owner')).not.toContain('Creative');
  });

  it('keeps Creatives highlighted on a creative detail page', () => {
    const creatives = AREAS.find((candidate) => candidate.path === '/creatives');
    if (!creatives) throw new Error('area missing');
    expect(isMenuEntryActive(creatives, '/creative/3')).toBe(true);
    expect(isMenuEntryActive(creatives, '/campaigns')).toBe(false);
  });
});

describe('isMenuEntryActive', () => {
  const area = (path: string) => AREAS.find((candidate) => candidate.path === path);
  it('keeps Campaigns highlighted on a campaign detail page, and Home only on its own path', () => {
    const campaigns = area('/campaigns');
    const home = area('/');
    if (!campaigns || !home) throw new Error('areas missing');
    expect(isMenuEntryActive(campaigns, '/campaigns')).toBe(true);
    expect(isMenuEntryActive(campaigns, '/campaign/7/targeting')).toBe(true);
    expect(isMenuEntryActive(campaigns, '/campaignsx')).toBe(false);
    expect(isMenuEntryActive(campaigns, '/backoffice/campaigns')).toBe(false);
    expect(isMenuEntryActive(home, '/')).toBe(true);
    expect(isMenuEntryActive(home, '/campaigns')).toBe(false);
  });
});

describe('Resources area', () => {
  const labelsOf = (role: UserRole) =>
    visibleAreas({ role, organizationRole: 'regular', isTest: false }).map((area) => area.label);

  it('is in the menu of the roles that may open one of its sections, not of a viewer or creative manager', () => {
    expect(labelsOf('owner')).toContain('Resources');
    expect(labelsOf('audience_manager')).toContain('Resources');
    expect(labelsOf('viewer')).not.toContain('Resources');
    expect(labelsOf('creative_manager')).not.toContain('Resources');
    expect(
      visibleAreas({ role: 'owner', organizationRole: 'other-partner', isTest: false }).map(
        (area) => area.label,
      ),
    ).not.toContain('Resources');
  });

  it("serves the audience manager's landing with its query string", () => {
    expect(reachableRoute('/resources/audiences')).toBe('/resources/audiences');
    expect(isAvailablePath('/resources/audiences?location.page=2')).toBe(true);
    expect(isAvailablePath('/resources/unknown')).toBe(false);
  });
});
