import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardIdentity } from './guard';

const identity = (
  role: GuardIdentity['role'],
  organizationRole: GuardIdentity['organizationRole'] = 'regular',
): GuardIdentity => ({
  role,
  organizationRole,
  isTest: false,
});

describe('decideNavigation (§2 route guard)', () => {
  it('lets anyone through the public /access pages', () => {
    expect(decideNavigation('/access/login', null)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/access/reset', identity('viewer'))).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a session to login, except on the empty path', () => {
    expect(decideNavigation('/', null)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/campaigns', null)).toEqual({ kind: 'login' });
    expect(decideNavigation('/404', null)).toEqual({ kind: 'login' });
  });

  it('allows a resource the user role and the organization role may use (§6)', () => {
    expect(decideNavigation('/campaigns', identity('owner'))).toEqual({ kind: 'allow' });
    expect(decideNavigation('/', identity('advertiser'))).toEqual({ kind: 'allow' });
  });

  it('sends an unauthorized user to the role-based fallback', () => {
    expect(decideNavigation('/backoffice/organizations', identity('owner'))).toEqual({
      kind: 'unauthorized',
      resource: 'backoffice',
      to: '/campaigns',
    });
    expect(decideNavigation('/analytics', identity('audience_manager'))).toMatchObject({
      kind: 'unauthorized',
      to: '/resources/audiences',
    });
    expect(decideNavigation('/analytics', identity('creative_manager'))).toMatchObject({
      kind: 'unauthorized',
      to: '/creatives',
    });
  });

  it('checks the organization role as well as the user role', () => {
    expect(decideNavigation('/campaigns', identity('owner', 'other-partner'))).toMatchObject({
      kind: 'unauthorized',
      resource: 'campaigns',
    });
  });

  it('lets a session of the test environment use everything', () => {
    expect(decideNavigation('/backoffice', { ...identity('viewer'), isTest: true })).toEqual({
      kind: 'allow',
    });
  });
});
