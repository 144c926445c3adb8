import { describe, expect, it } from 'vitest';
import * as analytics from './analytics';
import * as audiences from './audiences';
import * as billing from './billing';
import * as campaigns from './campaigns';
import * as creatives from './creatives';
import * as currencies from './currencies';
import * as dates from './dates';
import * as grid from './grid';
import * as notifications from './notifications';
import * as organizations from './organizations';
import * as partners from './partners';
import * as roles from './roles';
import * as tickets from './tickets';
import * as tracking from './tracking';

const MODULES = {
  analytics,
  audiences,
  billing,
  campaigns,
  creatives,
  currencies,
  dates,
  grid,
  notifications,
  organizations,
  partners,
  roles,
  tickets,
  tracking,
};

/** Label tables whose enumeration name is not a regular plural of the stem. */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { DAY_OF_WEEK: 'DAYS_OF_WEEK' };

/** Pairs every `X_LABELS` export with its enumeration (`X` plural in any of the usual spellings). */
const labelledEnumerations = Object.entries(MODULES).flatMap(([moduleName, exports]) => {
  const named: Record<string, unknown> = exports;
  return Object.keys(named)
    .filter((name) => name.endsWith('_LABELS'))
    .map((labelsName) => {
      const stem = labelsName.slice(0, -'_LABELS'.length);
      const candidates = [
        IRREGULAR_PLURALS[stem] ?? '',
        `${stem}S`,
        `${stem}ES`,
        `${stem.replace(/Y$/, 'IES')}`,
        `${stem.replace(/IS$/, 'ES')}`,
        stem,
      ];
      const valuesName = candidates.find((candidate) => Array.isArray(named[candidate]));
      return {
        moduleName,
        labelsName,
        valuesName,
        values: valuesName ? named[valuesName] : undefined,
        labels: named[labelsName],
      };
    });
});

describe('labelled enumerations', () => {
  it('finds the enumeration of every label table', () => {
    const orphans = labelledEnumerations.filter((entry) => entry.valuesName === undefined);
    expect(orphans.map((entry) => `${entry.moduleName}.${entry.labelsName}`)).toEqual([]);
    expect(labelledEnumerations.length).toBeGreaterThan(60);
  });

  it.each(labelledEnumerations.map((entry) => [`${entry.moduleName}.${entry.labelsName}`, entry] as const))(
    '%s labels exactly its values, each with a distinct non-empty label',
    (_, { values, labels }) => {
      expect(Array.isArray(values)).toBe(true);
      const list: unknown[] = Array.isArray(values) ? values : [];
      const labelMap: Record<string, unknown> =
        typeof labels === 'object' && labels !== null ? { ...labels } : {};
      expect(new Set(list).size).toBe(list.length);
      expect(Object.keys(labelMap).sort()).toEqual(list.map(String).sort());
      const texts = Object.values(labelMap);
      for (const text of texts) expect(typeof text === 'string' && text.trim() !== '').toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
    },
  );
});
