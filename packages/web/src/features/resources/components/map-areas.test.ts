import { describe, expect, it } from 'vitest';
import { areaAt, areaLabel, areasBounds, removeArea, replaceArea, wrapLongitude } from './map-areas';

const madrid = { latitude: 40.4168, longitude: -3.7038, radius: 1000, name: 'Sol' };
const lisbon = { latitude: 38.7223, longitude: -9.1393, radius: 250, name: null };

describe('areasBounds', () => {
  it('is null without areas', () => {
    expect(areasBounds([])).toBeNull();
  });

  it('holds every circle whole: the radius reaches beyond the centres', () => {
    const bounds = areasBounds([madrid, lisbon]);
    if (!bounds) throw new Error('bounds missing');
    // 1,000 m is about 0.009° of latitude; at 40.4° of latitude about 0.0118° of longitude.
    expect(bounds.north).toBeCloseTo(40.4168 + 0.008983, 5);
    expect(bounds.south).toBeCloseTo(38.7223 - 0.002246, 5);
    expect(bounds.east).toBeCloseTo(-3.7038 + 0.011793, 4);
    expect(bounds.west).toBeLessThan(-9.1393);
  });

  it('stays within the poles and the antimeridian', () => {
    const bounds = areasBounds([{ latitude: 89.99, longitude: 179.99, radius: 50_000, name: null }]);
    expect(bounds?.north).toBe(90);
    expect(bounds?.east).toBe(180);
  });
});

describe('areaAt', () => {
  it('rounds a click to 6 decimals and brings the longitude of a repeated world back', () => {
    expect(areaAt(40.123456789, 356.2962, 250)).toEqual({
      latitude: 40.123457,
      longitude: -3.7038,
      radius: 250,
      name: null,
    });
  });

  it('wraps longitudes into −180..180', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
  });
});

describe('list edits', () => {
  it('replaces and removes by position, leaving the others as they were', () => {
    const moved = { ...lisbon, latitude: 38 };
    expect(replaceArea([madrid, lisbon], 1, moved)).toEqual([madrid, moved]);
    expect(removeArea([madrid, lisbon], 0)).toEqual([lisbon]);
  });

  it('names an area by its name, else by its position', () => {
    expect(areaLabel(madrid, 0)).toBe('Sol');
    expect(areaLabel(lisbon, 1)).toBe('Area 2');
  });
});
