import { describe, expect, it } from 'vitest';
import { noPostbackMessage, ZPostbackQuery } from '../validation/postback';
import {
  CONVERSION_EVENT_IDS,
  isUnreplacedMacro,
  POSTBACK_MACROS,
  POSTBACK_TRACKING_TOOLS,
  pixelFileName,
  postbackQueryString,
} from './postback';
import { TRACKING_PROVIDERS } from './tracking';

describe('postback pixels', () => {
  it('offers a pixel for every tracking tool that calls one, and none for the others', () => {
    expect(POSTBACK_TRACKING_TOOLS.every((tool) => TRACKING_PROVIDERS.includes(tool))).toBe(true);
    const without = TRACKING_PROVIDERS.filter(
      (provider) => !POSTBACK_TRACKING_TOOLS.some((t) => t === provider),
    );
    expect(without).toEqual(['none', 'beacon_footfall', 'skadnetwork']);
  });

  it('names the downloaded file after the event (§7 pixel_{event})', () => {
    expect(CONVERSION_EVENT_IDS.map(pixelFileName)).toEqual([
      'pixel_1',
      'pixel_2',
      'pixel_3',
      'pixel_4',
      'pixel_5',
    ]);
  });

  it('writes each macro literally in the query string', () => {
    expect(postbackQueryString('appsflyer')).toBe(
      'tool=appsflyer&click_id=(clickid)&gaid=(advertiserId)&idfa=(idfa)',
    );
    expect(postbackQueryString('s2s')).toBe('tool=s2s&click_id={click_id}&device_id={device_id}');
    expect(postbackQueryString('beacon')).toBe('tool=beacon');
  });

  it('recognises every macro left in place by a tool, and no real value', () => {
    for (const macros of Object.values(POSTBACK_MACROS)) {
      for (const macro of Object.values(macros)) expect(isUnreplacedMacro(macro), macro).toBe(true);
    }
    for (const value of ['af-click-1', '38400000-8cf0-11bd-b23e-10b96e40000d', '(partial', 'a{b}', '$5']) {
      expect(isUnreplacedMacro(value), value).toBe(false);
    }
  });
});

describe('ZPostbackQuery', () => {
  it('reads the event as a number and the tool as a postback tool', () => {
    expect(ZPostbackQuery.parse({ event_id: '5', tracking_tool: 'kochava' })).toEqual({
      event_id: 5,
      tracking_tool: 'kochava',
    });
  });

  it.each([
    [{ event_id: '1.5', tracking_tool: 'adjust' }, 'Invalid format'],
    [{ event_id: '-1', tracking_tool: 'adjust' }, 'The minimum value is 1'],
    [{ event_id: '9', tracking_tool: 'adjust' }, 'The maximum value is 5'],
    [{ event_id: ' ', tracking_tool: 'adjust' }, 'This field is required'],
    [{ event_id: '1', tracking_tool: 'skadnetwork' }, noPostbackMessage('SKAdNetwork')],
  ])('refuses %o with its message', (query, message) => {
    expect(ZPostbackQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it('lists the tools that do send postbacks in its refusal', () => {
    expect(noPostbackMessage('None')).toBe(
      'None does not send postbacks. Choose one of: Beacon, S2S, Adjust, AppsFlyer, Branch, HasOffers, Kochava, Tune, Partner Footfall',
    );
  });
});
