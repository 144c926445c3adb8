import { describe, expect, it } from 'vitest';
import { findSection, type SectionViewer, visibleSections } from './sections';

const viewer = (
  role: SectionViewer['role'],
  organizationRole: SectionViewer['organizationRole'] = 'regular',
) => ({
  role,
  organizationRole,
  isTest: false,
});
const namesFor = (who: SectionViewer) => visibleSections(who).map((section) => section.name);

describe('visibleSections (the tabs of /resources, §6)', () => {
  it('gives an editor every section built, audiences first (where /resources goes)', () => {
    const names = namesFor(viewer('editor'));
    expect(names[0]).toBe('audiences');
    expect(names).toEqual(expect.arrayContaining(['audiences', 'deals', 'geolists']));
  });

  it('gives the audience manager only the audiences', () => {
    expect(namesFor(viewer('audience_manager'))).toEqual(['audiences']);
  });

  it('gives a creative manager and a viewer none', () => {
    expect(namesFor(viewer('creative_manager'))).toEqual([]);
    expect(namesFor(viewer('viewer'))).toEqual([]);
  });

  it('keeps a data-partner organization to the audiences and an other-partner one out', () => {
    expect(namesFor(viewer('owner', 'data-partner'))).toEqual(['audiences']);
    expect(namesFor(viewer('owner', 'other-partner'))).toEqual([]);
  });

  it('lets a test-environment session open everything', () => {
    expect(namesFor({ ...viewer('viewer'), isTest: true })).toContain('deals');
  });
});

describe('findSection', () => {
  it('finds a section by its path segment, nothing for another one', () => {
    expect(findSection('geolists')?.resource).toBe('resources-geolists');
    expect(findSection('geolist')).toBeUndefined();
    expect(findSection(undefined)).toBeUndefined();
  });
});
