import { describe, expect, it } from 'vitest';
import {
  actionText,
  actorText,
  changeLines,
  currenciesOf,
  type HistoryEntryView,
  lineText,
} from './history-format';

const entry = (overrides: Partial<HistoryEntryView> = {}): HistoryEntryView => ({
  id: 1,
  action: 'update',
  actor: { name: 'Olga Owner' },
  impersonator: null,
  changes: [],
  created_at: '2026-03-04T05:06:07.000Z',
  ...overrides,
});

const lines = (value: HistoryEntryView, entity = 'campaign', currency?: 'eur' | 'usd') =>
  changeLines(value, entity, currency === undefined ? {} : { currency }).map(lineText);

describe('history lines', () => {
  it('reads money in the resource’s currency with 2 decimals, from units and from micro-units', () => {
    const change = entry({
      changes: [
        { field: 'budget', from: '1000', to: '2500.5' },
        { field: 'spend', from: '12345678', to: '0' },
      ],
    });
    expect(lines(change, 'campaign', 'eur')).toEqual([
      'Budget: €1,000.00 → €2,500.50',
      'Spend: €12.35 → €0.00',
    ]);
    expect(lines(change)).toEqual(['Budget: $1,000.00 → $2,500.50', 'Spend: $12.35 → $0.00']);
  });

  it('reads a deal’s floor price in the currency its history names, old amounts in the old one', () => {
    const change = entry({
      entity: 'deal',
      changes: [
        { field: 'floor_price', from: '2', to: '3' },
        { field: 'currency', from: 'usd', to: 'eur' },
      ],
    });
    expect(lines(change, 'deal')).toEqual(['Floor price: $2.00 → €3.00', 'Currency: USD → EUR']);
  });

  it('reads a later change of a deal in the currency its earlier entries named', () => {
    const created = entry({
      id: 1,
      action: 'create',
      changes: [{ field: 'currency', from: null, to: 'eur' }],
    });
    const repriced = entry({
      id: 2,
      entity: 'deal',
      changes: [{ field: 'floor_price', from: '2', to: '3' }],
    });
    const currencies = currenciesOf([repriced, created], undefined);
    expect(currencies.get(2)).toBe('eur');
    expect(changeLines(repriced, 'deal', { currency: currencies.get(2) ?? 'usd' }).map(lineText)).toEqual([
      'Floor price: €2.00 → €3.00',
    ]);
    expect(currenciesOf([repriced], 'gbp').get(2)).toBe('gbp');
  });

  it('reads enumerations with their dictionary labels, lists joined and booleans as Yes or No', () => {
    const change = entry({
      changes: [
        { field: 'state', from: 'preview', to: 'active' },
        { field: 'type', from: 'generic', to: 'smart-tv' },
        { field: 'device_types', from: ['phone'], to: ['phone', 'connectedtv'] },
        { field: 'viewability', from: 0, to: 50 },
      ],
    });
    expect(lines(change)).toEqual([
      'State: Draft → Active',
      'Type: Multichannel → Connected TV',
      'Device types: Phone → Phone, Connected TV',
      'Viewability: All traffic → At least 50%',
    ]);
    const creative = entry({
      changes: [
        { field: 'boxing_allowed', from: true, to: false },
        { field: 'language', from: null, to: 'es' },
      ],
    });
    expect(lines(creative, 'creative')).toEqual(['Boxing allowed: Yes → No', 'Language: — → Spanish']);
  });

  it('reads an object part by part, with countries, weekdays and hours in words, and leaves out what did not change', () => {
    const change = entry({
      changes: [
        {
          field: 'targeting',
          from: { countries: ['ESP'], regions: [], geolists: [4] },
          to: { countries: ['ESP', 'FRA'], regions: [], geolists: [4] },
        },
        {
          field: 'schedule',
          from: { preset: 'all', days: [], ranges: [] },
          to: { preset: 'custom', days: ['monday', 'friday'], ranges: [{ from: '08:00', to: '12:00' }] },
        },
      ],
    });
    expect(lines(change)).toEqual([
      'Targeting › Countries: Spain → Spain, France',
      'Schedule › Preset: All → Custom',
      'Schedule › Days: — → Monday, Friday',
      'Schedule › Hours: — → 08:00–12:00',
    ]);
  });

  it('names other resources from the entry’s labels, and an id without a name as deleted', () => {
    const change = entry({
      changes: [
        { field: 'source_campaign', from: null, to: 7 },
        {
          field: 'targeting',
          from: { audiences: { at_least_one_of: [3, 4], mandatory: [], excluded: [] } },
          to: { audiences: { at_least_one_of: [5], mandatory: [], excluded: [] } },
        },
      ],
      labels: {
        source_campaign: { 7: 'Spring sale' },
        'targeting.audiences': { 3: 'Runners', 5: 'Cyclists' },
      },
    });
    expect(lines(change)).toEqual([
      'Source campaign: — → Spring sale',
      'Targeting › Audiences › At least one of them: Runners, #4 (deleted) → Cyclists',
    ]);
  });

  it('reads a field it does not know by its name in words, and a value of any shape without JSON', () => {
    const change = entry({
      changes: [
        { field: 'bid_shading', from: null, to: { per_day: 3, enabled: true } },
        { field: 'some_count', from: 1, to: 2 },
      ],
    });
    expect(lines(change)).toEqual([
      'Bid shading › Per day: — → 3',
      'Bid shading › Enabled: — → Yes',
      'Some count: 1 → 2',
    ]);
  });

  it("reads a campaign's or a strategy's frequency cap part by part, with the dictionary's labels", () => {
    const change = entry({
      changes: [
        {
          field: 'frequency_cap',
          from: { impressions: 2, period: 'day', fingerprint: 'soft' },
          to: { impressions: 3, period: 'lifetime', fingerprint: 'soft' },
        },
      ],
    });
    const expected = [
      'Frequency cap › Impressions: 2 → 3',
      'Frequency cap › Period: per day → in the lifetime',
    ];
    expect(lines(change)).toEqual(expected);
    expect(lines(change, 'strategy')).toEqual(expected);
  });

  it('lists what a creation set without a before, and skips what it left empty', () => {
    const created = entry({
      action: 'create',
      entity: 'deal',
      changes: [
        { field: 'name', from: null, to: 'Sports PMP' },
        { field: 'type', from: null, to: 'private_auction' },
        { field: 'end_date', from: null, to: null },
        { field: 'start_date', from: null, to: '2026-04-01' },
      ],
    });
    expect(lines(created, 'deal')).toEqual([
      'Name: Sports PMP',
      'Type: Private auction',
      'Start date: 2026-04-01',
    ]);
  });

  it('counts a long list after its first ten items', () => {
    const change = entry({
      entity: 'publisher_list',
      changes: [
        { field: 'added', from: null, to: Array.from({ length: 12 }, (_, index) => `site${index}.com`) },
      ],
    });
    expect(lines(change, 'publisher_list')).toEqual([
      'Publishers added: — → site0.com, site1.com, site2.com, site3.com, site4.com, site5.com, site6.com, site7.com, site8.com, site9.com and 2 more',
    ]);
  });

  it('names the campaign of a creative’s link change and its state as the console shows it', () => {
    const change = entry({
      action: 'link',
      changes: [
        { field: 'campaign 12', from: null, to: 'active' },
        { field: 'campaign 13', from: 'active', to: 'inactive' },
      ],
      labels: { campaign: { 12: 'Spring sale' } },
    });
    expect(lines(change, 'creative')).toEqual([
      'Campaign Spring sale: — → Active',
      'Campaign #13 (deleted): Active → Paused',
    ]);
  });
});

describe('history entry titles', () => {
  it('says what was done in words, naming the original of a copy', () => {
    expect(actionText(entry({ action: 'start_date_budget_reset' }), 'campaign')).toBe(
      'Start date changed and budget reset',
    );
    expect(actionText(entry({ action: 'reject' }), 'creative')).toBe('Rejected');
    expect(actionText(entry({ action: 'something_new' }), 'creative')).toBe('Something new');
    const copy = entry({
      action: 'duplicate',
      changes: [{ field: 'duplicated_from', from: null, to: 9 }],
      labels: { duplicated_from: { 9: 'Spring sale' } },
    });
    expect(actionText(copy, 'campaign')).toBe('Duplicated from Spring sale');
    expect(lines(copy)).toEqual([]);
    expect(actionText({ ...copy, labels: { duplicated_from: {} } }, 'campaign')).toBe(
      'Duplicated from #9 (deleted)',
    );
  });

  it('names the strategy an entry of a campaign’s history is about', () => {
    const paused = entry({
      action: 'pause',
      entity: 'strategy',
      entity_id: 4,
      labels: { subject: { 4: 'Night owls' } },
    });
    expect(actionText(paused, 'campaign')).toBe('Strategy Night owls: Paused');
    expect(actionText(entry({ entity: 'campaign', entity_id: 2 }), 'campaign')).toBe('Updated');
  });

  it('names who did it, and who simulated them', () => {
    expect(actorText(entry())).toBe('by Olga Owner');
    expect(actorText(entry({ impersonator: { name: 'Sam Supervisor' } }))).toBe(
      'by Olga Owner, as simulated by Sam Supervisor',
    );
    expect(actorText(entry({ actor: null }))).toBe('by the system');
  });
});
