import { describe, expect, it } from 'vitest';
import { describeRole, ROLE_DESCRIPTIONS, roleSections } from './role-descriptions';
import { USER_ROLES } from './roles';

describe('role descriptions', () => {
  it('describe every role', () => {
    for (const role of USER_ROLES) expect(ROLE_DESCRIPTIONS[role].length).toBeGreaterThan(20);
  });

  it('list the sections of the §6 table', () => {
    expect(roleSections('viewer')).toEqual([
      'Dashboard',
      'Discovery',
      'Campaigns',
      'Single creatives',
      'Analytics',
    ]);
    expect(roleSections('advertiser')).toEqual(['Analytics']);
    expect(roleSections('adexchange')).toEqual(['Analytics']);
    expect(roleSections('audience_manager')).toEqual(['Audiences']);
    expect(roleSections('creative_manager')).toEqual(['Creative library', 'Single creatives']);
    expect(roleSections('owner')).toEqual([
      'Dashboard',
      'Discovery',
      'Campaigns',
      'Creative library',
      'Single creatives',
      'Audiences',
      'Deals',
      'Geolists',
      'Publisher lists',
      'Analytics',
      'Users',
      'Invoicing',
      'Simulation',
    ]);
    expect(roleSections('supervisor')).toContain('Back office');
    expect(roleSections('support')).not.toContain('Back office');
  });

  it('the summaries agree with the table on users, invoicing and the back office', () => {
    for (const role of USER_ROLES) {
      const { summary, sections } = describeRole(role);
      const mentionsUsers = /\busers\b/i.test(summary) && !/cannot manage users/i.test(summary);
      expect(mentionsUsers, role).toBe(sections.includes('Users') && role !== 'supervisor');
      expect(/back office/i.test(summary) && !/no back office/i.test(summary), role).toBe(
        sections.includes('Back office') && role !== 'supervisor',
      );
    }
  });

  it('tell whether the role can change things', () => {
    expect(describeRole('viewer').canEdit).toBe(false);
    expect(describeRole('editor').canEdit).toBe(true);
  });
});
