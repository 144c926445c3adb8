import { describe, expect, it } from 'vitest';
import { mayEditOrganizationSettings } from './organization-settings';

const identity = (
  role: Parameters<typeof mayEditOrganizationSettings>[0]['role'],
  organizationRole: Parameters<typeof mayEditOrganizationSettings>[0]['organization']['role'],
  test = false,
) => ({ role, organization: { role: organizationRole }, test });

describe('mayEditOrganizationSettings', () => {
  it('lets the owner of an organization that runs campaigns set its time zone', () => {
    expect(mayEditOrganizationSettings(identity('owner', 'regular'))).toBe(true);
    expect(mayEditOrganizationSettings(identity('owner', 'customized'))).toBe(true);
  });

  it('leaves it to the owner: editors, viewers and the operator’s staff do not see it here', () => {
    for (const role of ['editor', 'viewer', 'advertiser', 'support', 'admin', 'supervisor'] as const) {
      expect(mayEditOrganizationSettings(identity(role, 'regular')), role).toBe(false);
    }
  });

  it('is not offered to partner organizations, which run no campaigns (§6), outside the test environment', () => {
    expect(mayEditOrganizationSettings(identity('owner', 'data-partner'))).toBe(false);
    expect(mayEditOrganizationSettings(identity('owner', 'other-partner'))).toBe(false);
    expect(mayEditOrganizationSettings(identity('owner', 'other-partner', true))).toBe(true);
  });
});
