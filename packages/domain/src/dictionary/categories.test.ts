import { describe, expect, it } from 'vitest';
import { APP_CATEGORIES, IAB_CATEGORIES, IAB_CATEGORY_NAMES } from './categories';

describe('IAB content categories', () => {
  it('has IAB1 to IAB26 in order', () => {
    expect(IAB_CATEGORIES.map((category) => category.id)).toEqual(
      Array.from({ length: 26 }, (_, index) => `IAB${index + 1}`),
    );
  });

  it('numbers subcategories under their parent', () => {
    for (const category of IAB_CATEGORIES) {
      category.subcategories.forEach((subcategory, index) => {
        expect(subcategory.id).toBe(`${category.id}-${index + 1}`);
        expect(subcategory.name).not.toBe('');
      });
    }
  });

  it('matches the Content Taxonomy 1.0 names and sizes', () => {
    const sizes = IAB_CATEGORIES.map((category) => category.subcategories.length);
    expect(sizes).toEqual([
      7, 23, 12, 11, 15, 9, 45, 18, 31, 9, 5, 3, 12, 8, 10, 7, 44, 6, 36, 27, 3, 4, 10, 0, 7, 4,
    ]);
    expect(IAB_CATEGORY_NAMES.get('IAB1')).toBe('Arts & Entertainment');
    expect(IAB_CATEGORY_NAMES.get('IAB1-1')).toBe('Books & Literature');
    expect(IAB_CATEGORY_NAMES.get('IAB9-30')).toBe('Video & Computer Games');
    expect(IAB_CATEGORY_NAMES.get('IAB17-44')).toBe('World Soccer');
    expect(IAB_CATEGORY_NAMES.get('IAB19-36')).toBe('Windows');
    expect(IAB_CATEGORY_NAMES.get('IAB26-4')).toBe('Copyright Infringement');
    expect(IAB_CATEGORY_NAMES.size).toBe(26 + sizes.reduce((sum, size) => sum + size, 0));
  });
});

describe('app categories', () => {
  it('has ids 1 to 23 with unique names', () => {
    expect(APP_CATEGORIES.map((category) => category.id)).toEqual(
      Array.from({ length: 23 }, (_, index) => index + 1),
    );
    expect(new Set(APP_CATEGORIES.map((category) => category.name)).size).toBe(23);
  });

  it('splits only gaming and streaming into subcategories, with unique ids under the parent', () => {
    const withSubcategories = APP_CATEGORIES.filter((category) => category.subcategories.length > 0);
    expect(withSubcategories.map((category) => category.name)).toEqual(['Gaming', 'Streaming']);
    for (const category of withSubcategories) {
      const ids = category.subcategories.map((subcategory) => subcategory.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id.startsWith(`${category.id}-`)).toBe(true);
    }
  });
});
