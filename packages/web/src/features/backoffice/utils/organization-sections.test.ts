import { describe, expect, it } from 'vitest';
import { EMPTY_ORGANIZATION_FORM } from './organization-form';
import { isShownErrorKey, SECTIONS, sectionErrorCount, visibleSections } from './organization-sections';

const sectionOf = (id: string) => {
  const section = SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
};

describe('organization sections', () => {
  it('count the errors of their own fields, nested ones included', () => {
    const errors = {
      name: 'x',
      tax_id: 'y',
      'main_user.email': 'z',
      'main_user.password': 'w',
      'contacts.support': 'v',
    };
    expect(sectionErrorCount(errors, sectionOf('company'))).toBe(2);
    expect(sectionErrorCount(errors, sectionOf('main-user'))).toBe(2);
    expect(sectionErrorCount(errors, sectionOf('contacts'))).toBe(1);
    expect(sectionErrorCount(errors, sectionOf('invoicing'))).toBe(0);
  });

  it('tell which errors a field shows, so that the others become the form message', () => {
    expect(isShownErrorKey('payment_terms')).toBe(true);
    expect(isShownErrorKey('main_user.username')).toBe(true);
    expect(isShownErrorKey('logo')).toBe(true);
    expect(isShownErrorKey('version')).toBe(false);
    expect(isShownErrorKey('main_user')).toBe(false);
  });

  it('show the main user only on creation and the white label only for a customized organization', () => {
    const ids = (mode: 'create' | 'edit', role: 'regular' | 'customized') =>
      visibleSections(mode, role).map((section) => section.id);
    expect(ids('create', 'regular')).toContain('main-user');
    expect(ids('create', 'regular')).not.toContain('white-label');
    expect(ids('edit', 'customized')).not.toContain('main-user');
    expect(ids('edit', 'customized')).toContain('white-label');
  });

  it('hold every field of the form, each in one section', () => {
    const keys = SECTIONS.flatMap((section) => section.fields);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [field, value] of Object.entries(EMPTY_ORGANIZATION_FORM)) {
      const nested = typeof value === 'object' && value !== null && !Array.isArray(value);
      const keysOfField = nested ? Object.keys(value).map((name) => `${field}.${name}`) : [field];
      for (const key of keysOfField) {
        expect(SECTIONS.filter((section) => sectionErrorCount({ [key]: 'x' }, section) > 0)).toHaveLength(1);
      }
    }
  });
});
