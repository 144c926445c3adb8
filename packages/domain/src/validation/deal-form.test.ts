import { describe, expect, it } from 'vitest';
import {
  DEAL_EXTERNAL_ID_MAX_LENGTH,
  DEAL_LIST_SPEC,
  DEAL_NAME_MAX_LENGTH,
  dealIssues,
  duplicateDealName,
  ZDealCreate,
  ZDealDuplicate,
  ZDealUpdate,
} from './deal-form';
import { parseListQuery } from './list-query';
import {
  DEAL_END_DATE_REQUIRED_MESSAGE,
  DEAL_EXTERNAL_ID_MESSAGE,
  DEAL_FLOOR_PRICE_MESSAGE,
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  REQUIRED_MESSAGE,
} from './messages';

const VALID = {
  external_id: 'ADX-PMP-204117',
  name: 'Premium News UK',
  supply_partner: 'google_adx',
  type: 'private_auction',
  floor_price: '4.5',
  start_date: '2026-12-01',
};

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('ZDealCreate', () => {
  it('accepts a deal with the required fields, state active by default and no end date', () => {
    const parsed = ZDealCreate.parse(VALID);
    expect(parsed).toEqual({ ...VALID, state: 'active' });
  });

  it('answers "required" for every missing field, and nothing else for them', () => {
    expect(issuesOf(ZDealCreate.safeParse({}))).toEqual(
      ['external_id', 'name', 'supply_partner', 'type', 'floor_price', 'start_date'].map((path) => ({
        path,
        message: REQUIRED_MESSAGE,
      })),
    );
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, name: '   ', external_id: '' }))).toEqual([
      { path: 'external_id', message: REQUIRED_MESSAGE },
      { path: 'name', message: REQUIRED_MESSAGE },
    ]);
  });

  it('checks the ID at the exchange: characters, first character and length', () => {
    for (const bad of ['-starts-with-dash', 'has space', 'semi;colon', 'ümlaut']) {
      expect(issuesOf(ZDealCreate.safeParse({ ...VALID, external_id: bad })), bad).toEqual([
        { path: 'external_id', message: DEAL_EXTERNAL_ID_MESSAGE },
      ]);
    }
    for (const good of ['PMP-1234', 'ADX.88213', 'vrv:deal_7', '42']) {
      expect(ZDealCreate.safeParse({ ...VALID, external_id: good }).success, good).toBe(true);
    }
    expect(
      issuesOf(ZDealCreate.safeParse({ ...VALID, external_id: 'x'.repeat(DEAL_EXTERNAL_ID_MAX_LENGTH + 1) })),
    ).toEqual([{ path: 'external_id', message: maxLengthMessage(DEAL_EXTERNAL_ID_MAX_LENGTH) }]);
    expect(ZDealCreate.parse({ ...VALID, external_id: '  PMP-1  ' }).external_id).toBe('PMP-1');
  });

  it('limits the name length', () => {
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, name: 'n'.repeat(DEAL_NAME_MAX_LENGTH + 1) }))).toEqual(
      [{ path: 'name', message: maxLengthMessage(DEAL_NAME_MAX_LENGTH) }],
    );
  });

  it('takes only the supply partners, types, currencies and states of the dictionary', () => {
    expect(
      issuesOf(
        ZDealCreate.safeParse({
          ...VALID,
          supply_partner: 'nowhere',
          type: 'open_auction',
          currency: 'chf',
          state: 'deleted',
        }),
      ),
    ).toEqual([
      { path: 'supply_partner', message: INVALID_FORMAT_MESSAGE },
      { path: 'type', message: INVALID_FORMAT_MESSAGE },
      { path: 'currency', message: INVALID_FORMAT_MESSAGE },
      { path: 'state', message: INVALID_FORMAT_MESSAGE },
    ]);
  });

  it('keeps money exact: decimal text above 0 with at most 6 decimals, never a number', () => {
    for (const bad of ['0', '0.000000', '-1']) {
      const expected = bad === '-1' ? INVALID_FORMAT_MESSAGE : DEAL_FLOOR_PRICE_MESSAGE;
      expect(issuesOf(ZDealCreate.safeParse({ ...VALID, floor_price: bad })), bad).toEqual([
        { path: 'floor_price', message: expected },
      ]);
    }
    for (const bad of ['1.1234567', '1e3', 'abc']) {
      expect(issuesOf(ZDealCreate.safeParse({ ...VALID, floor_price: bad })), bad).toEqual([
        { path: 'floor_price', message: INVALID_FORMAT_MESSAGE },
      ]);
    }
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, floor_price: 4.5 }))).toEqual([
      { path: 'floor_price', message: INVALID_FORMAT_MESSAGE },
    ]);
    expect(ZDealCreate.parse({ ...VALID, floor_price: '0.000001' }).floor_price).toBe('0.000001');
  });

  it('checks the days and their order, and wants an end date for a programmatic guaranteed deal', () => {
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, start_date: '2026-02-30' }))).toEqual([
      { path: 'start_date', message: INVALID_FORMAT_MESSAGE },
    ]);
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, end_date: '2026-11-30' }))).toEqual([
      { path: 'end_date', message: END_BEFORE_START_MESSAGE },
    ]);
    expect(ZDealCreate.safeParse({ ...VALID, end_date: '2026-12-01' }).success).toBe(true);
    expect(issuesOf(ZDealCreate.safeParse({ ...VALID, type: 'programmatic_guaranteed' }))).toEqual([
      { path: 'end_date', message: DEAL_END_DATE_REQUIRED_MESSAGE },
    ]);
    expect(
      issuesOf(ZDealCreate.safeParse({ ...VALID, type: 'programmatic_guaranteed', end_date: null })),
    ).toEqual([{ path: 'end_date', message: DEAL_END_DATE_REQUIRED_MESSAGE }]);
    // A bad end date answers its own format message only.
    expect(
      issuesOf(ZDealCreate.safeParse({ ...VALID, type: 'programmatic_guaranteed', end_date: 'soon' })),
    ).toEqual([{ path: 'end_date', message: INVALID_FORMAT_MESSAGE }]);
  });

  it('refuses unknown fields', () => {
    expect(ZDealCreate.safeParse({ ...VALID, price: '1' }).success).toBe(false);
  });
});

describe('ZDealUpdate', () => {
  it('needs the version and takes any subset of the fields', () => {
    expect(issuesOf(ZDealUpdate.safeParse({ name: 'x' }))).toEqual([
      { path: 'version', message: REQUIRED_MESSAGE },
    ]);
    expect(ZDealUpdate.parse({ version: 3, state: 'inactive' })).toEqual({ version: 3, state: 'inactive' });
  });

  it('checks the dates it is sent together, and leaves the rest to the merged deal', () => {
    expect(
      issuesOf(ZDealUpdate.safeParse({ version: 1, start_date: '2026-12-02', end_date: '2026-12-01' })),
    ).toEqual([{ path: 'end_date', message: END_BEFORE_START_MESSAGE }]);
    // Alone, a type does not know the stored end date: the server checks the merged deal.
    expect(ZDealUpdate.safeParse({ version: 1, type: 'programmatic_guaranteed' }).success).toBe(true);
  });

  it('refuses the organization and the deleted state', () => {
    expect(ZDealUpdate.safeParse({ version: 1, organization: 2 }).success).toBe(false);
    expect(issuesOf(ZDealUpdate.safeParse({ version: 1, state: 'deleted' }))).toEqual([
      { path: 'state', message: INVALID_FORMAT_MESSAGE },
    ]);
  });
});

describe('duplicates', () => {
  it('name the copy "<name> (copy)" within the length limit', () => {
    expect(duplicateDealName('Sports')).toBe('Sports (copy)');
    expect(duplicateDealName('n'.repeat(DEAL_NAME_MAX_LENGTH))).toHaveLength(DEAL_NAME_MAX_LENGTH);
  });

  it('take an optional name, ID at the exchange, supply partner and organization', () => {
    expect(ZDealDuplicate.parse({})).toEqual({});
    expect(issuesOf(ZDealDuplicate.safeParse({ external_id: 'bad id' }))).toEqual([
      { path: 'external_id', message: DEAL_EXTERNAL_ID_MESSAGE },
    ]);
    expect(ZDealDuplicate.safeParse({ type: 'preferred' }).success).toBe(false);
  });
});

describe('dealIssues', () => {
  it('reads an open end as no end date', () => {
    expect(dealIssues({ type: 'preferred', start_date: '2026-01-01', end_date: null })).toEqual([]);
    expect(dealIssues({ type: 'programmatic_guaranteed', start_date: '2026-01-01', end_date: null })).toEqual(
      [{ path: ['end_date'], message: DEAL_END_DATE_REQUIRED_MESSAGE }],
    );
  });
});

describe('DEAL_LIST_SPEC', () => {
  it('filters on the enumerations, money and dates, and sorts newest first by default', () => {
    const result = parseListQuery(
      {
        'supply_partner[any]': 'magnite,google_adx',
        'floor_price[gte]': '2',
        'end_date[before]': '2027-01-01',
      },
      DEAL_LIST_SPEC,
    );
    expect(result.ok && result.query.sort).toEqual({ field: 'created_at', direction: 'desc' });
    expect(result.ok && result.query.filters.length).toBe(3);
    expect(parseListQuery({ 'type[is]': 'open_auction' }, DEAL_LIST_SPEC).ok).toBe(false);
  });
});
