import { describe, expect, it } from 'vitest';
import { changedLinks, sortedLinks } from './link-edits';

describe('changedLinks', () => {
  it('sends only the links whose state changed', () => {
    const creatives = [
      { id: 1, link_state: 'active' as const },
      { id: 2, link_state: 'inactive' as const },
      { id: 3, link_state: 'active' as const },
    ];
    expect(changedLinks(creatives, { 1: 'active', 2: 'active', 3: 'deleted' })).toEqual([
      { creative_id: 2, state: 'active' },
      { creative_id: 3, state: 'deleted' },
    ]);
    expect(changedLinks(creatives, {})).toEqual([]);
  });
});

describe('sortedLinks', () => {
  it('lists removed links last, each group by name', () => {
    const links = [
      { name: 'b', link_state: 'deleted' as const },
      { name: 'c', link_state: 'active' as const },
      { name: 'a', link_state: 'inactive' as const },
    ];
    expect(sortedLinks(links).map((link) => link.name)).toEqual(['a', 'c', 'b']);
  });
});
