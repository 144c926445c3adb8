import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import { describe, expect, it } from 'vitest';
import { canWriteCreatives } from './creative-access';

const viewer = (role: UserRole, organizationRole: OrganizationRole = 'regular') => ({
  role,
  organization: { role: organizationRole },
  test: false,
});

describe('canWriteCreatives', () => {
  it('lets the creative manager and the edit roles write creatives', () => {
    expect(canWriteCreatives(viewer('creative_manager'))).toBe(true);
    expect(canWriteCreatives(viewer('editor'))).toBe(true);
    expect(canWriteCreatives(viewer('owner'))).toBe(true);
    expect(canWriteCreatives(viewer('admin'))).toBe(true);
  });

  it('keeps readers and roles without the library out (§6)', () => {
    expect(canWriteCreatives(viewer('viewer'))).toBe(false);
    expect(canWriteCreatives(viewer('advertiser'))).toBe(false);
    expect(canWriteCreatives(viewer('audience_manager'))).toBe(false);
    expect(canWriteCreatives(viewer('owner', 'data-partner'))).toBe(false);
  });
});
