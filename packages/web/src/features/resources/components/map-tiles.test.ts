import { describe, expect, it } from 'vitest';
import { attributionHtml, mapTilesOf } from './map-tiles';

describe('mapTilesOf', () => {
  it('reads the tiles from the dictionary settings', () => {
    expect(
      mapTilesOf({
        settings: {
          plannerMap: false,
          mapTiles: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OSM' },
        },
      }),
    ).toEqual({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OSM' });
  });

  it('has no tiles when they are off, unknown or not an http(s) template', () => {
    expect(mapTilesOf({ settings: { mapTiles: null, plannerMap: false } })).toBeNull();
    expect(mapTilesOf(undefined)).toBeNull();
    expect(mapTilesOf({ userRoles: [] })).toBeNull();
    expect(mapTilesOf({ settings: { mapTiles: { url: 'javascript:alert(1)//{z}{x}{y}' } } })).toBeNull();
  });
});

describe('attributionHtml', () => {
  it('shows the configured attribution as text', () => {
    expect(attributionHtml('© <b>Maps</b> & "co"')).toBe('© &lt;b&gt;Maps&lt;/b&gt; &amp; &quot;co&quot;');
  });
});
