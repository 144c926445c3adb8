import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createRequestGenerator } from '../traffic/generator';
import { createRandom } from '../traffic/random';
import { FIXTURE_NAMES, fixtureText } from './engine.factories';
import { ZBidRequest } from './openrtb';
import { isBidRequest } from './openrtb-check';

// The plain checks must accept exactly what the schema accepts (decision 055). The schema is walked through its
// definition, so a field added to the schema alone is set to every kind of value here and the two disagree.

type Schema = z.core.$ZodType;
type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  values?: unknown[];
};
const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

/** What the schema accepts at each place, with every optional field present: one valid value. */
const fullOf = (schema: Schema): unknown => {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, fullOf(field)]));
    case 'optional':
      return fullOf(def.innerType as Schema);
    case 'array':
      return [fullOf(def.element as Schema)];
    case 'union':
      return fullOf((def.options as Schema[])[0] as Schema);
    case 'literal':
      return (def.values as unknown[])[(def.values as unknown[]).length - 1];
    case 'string':
      return 'x';
    case 'number':
      return 1;
    default:
      throw new Error(`a schema of type ${def.type}: teach this test its valid value`);
  }
};

/** The object or array schema under optional. */
const bare = (schema: Schema): Def => {
  const def = defOf(schema);
  return def.type === 'optional' ? bare(def.innerType as Schema) : def;
};

const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  1,
  2,
  -1,
  1.5,
  -91,
  91,
  181,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  [],
  [0],
  [1.5],
  ['x'],
  [{}],
  [{ id: 'x' }],
  {},
  { id: 'x' },
];

/** Every place of `value` (objects and arrays) with the schema that reads it. */
const placesOf = (
  value: unknown,
  schema: Schema,
): { readonly container: Record<string, unknown> | unknown[]; readonly keys: readonly string[] }[] => {
  const def = bare(schema);
  if (def.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const shape = def.shape ?? {};
    return [
      { container: object, keys: [...Object.keys(shape), 'unknown_field'] },
      ...Object.entries(shape).flatMap(([key, field]) =>
        object[key] === undefined ? [] : placesOf(object[key], field),
      ),
    ];
  }
  if (def.type === 'array' && Array.isArray(value)) {
    return [
      { container: value, keys: value.map((_, index) => String(index)) },
      ...value.flatMap((element) => placesOf(element, def.element as Schema)),
    ];
  }
  return [];
};

/** Sets each field of each place to each odd value in turn and compares the two readers. */
const disagreements = (request: unknown): string[] => {
  const found: string[] = [];
  const compare = (label: string) => {
    const expected = ZBidRequest.safeParse(request).success;
    if (isBidRequest(request) !== expected) found.push(`${label}: the schema says ${expected}`);
  };
  compare('as is');
  for (const { container, keys } of placesOf(request, ZBidRequest)) {
    const record = container as Record<string, unknown>;
    for (const key of keys) {
      const had = Object.hasOwn(record, key);
      const before = record[key];
      for (const odd of ODD_VALUES) {
        record[key] = odd;
        compare(`${key} = ${JSON.stringify(odd) ?? String(odd)}`);
      }
      if (had) record[key] = before;
      else delete record[key];
    }
  }
  return found;
};

describe('isBidRequest agrees with the bid request schema', () => {
  it('on a request with every field the schema reads, each set to every kind of value', () => {
    const full = fullOf(ZBidRequest);
    expect(isBidRequest(full)).toBe(true);
    expect(disagreements(full)).toEqual([]);
  });

  it.each(FIXTURE_NAMES)('on the example request %s, each field set to every kind of value', (name) => {
    const request: unknown = JSON.parse(fixtureText(name));
    expect(isBidRequest(request)).toBe(true);
    expect(disagreements(request)).toEqual([]);
  });

  it("on the traffic simulator's requests of every kind", () => {
    const generator = createRequestGenerator(createRandom(7), { currency: 'USD', auctionType: 1, deals: [] });
    const kinds = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const { kind, request } = generator.next(new Date('2026-11-29T12:00:00Z'));
      kinds.add(kind);
      const copy: unknown = JSON.parse(JSON.stringify(request));
      expect(isBidRequest(copy)).toBe(true);
      expect(ZBidRequest.safeParse(copy).success).toBe(true);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(5);
  });

  it('refuses what is not an object', () => {
    for (const value of [null, undefined, 'x', 1, [], [{ id: 'r', imp: [{ id: '1' }] }]]) {
      expect(isBidRequest(value)).toBe(false);
    }
  });
});
