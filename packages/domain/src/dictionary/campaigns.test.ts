import { describe, expect, it } from 'vitest';
import type { ScheduleDefinition, SchedulePreset } from './campaigns';
import {
  CAMPAIGN_TYPE_LABELS,
  DEVICE_ID_TYPE_LABELS,
  EVENT_OPTIMISATION_LABELS,
  SCHEDULE_PRESET_DEFINITIONS,
  SCHEDULE_PRESETS,
  VIDEO_ATTRIBUTE_CODES,
  VIEWABILITY_THRESHOLDS,
} from './campaigns';

const definitionOf = (preset: SchedulePreset): ScheduleDefinition | null =>
  SCHEDULE_PRESET_DEFINITIONS[preset];

describe('campaign enumerations', () => {
  it('labels campaign types with their product names', () => {
    expect(CAMPAIGN_TYPE_LABELS['app-promotion']).toBe('App Marketing');
    expect(CAMPAIGN_TYPE_LABELS.generic).toBe('Multichannel');
    expect(CAMPAIGN_TYPE_LABELS['smart-tv']).toBe('Connected TV');
  });

  it('labels single-event optimisation events1 to events5', () => {
    expect(
      (['event1', 'event2', 'event3', 'event4', 'event5'] as const).map(
        (event) => EVENT_OPTIMISATION_LABELS[event],
      ),
    ).toEqual(['events1', 'events2', 'events3', 'events4', 'events5']);
  });

  it('labels the fake device id as any ID or no ID', () => {
    expect(DEVICE_ID_TYPE_LABELS.fake).toBe('Any ID or no ID');
  });

  it('codes video attributes standard 0, autoplay 6, user initiated 7', () => {
    expect(VIDEO_ATTRIBUTE_CODES).toEqual({ standard: 0, autoplay: 6, user_initiated: 7 });
  });

  it('offers all traffic and 40 to 70 percent viewability', () => {
    expect(VIEWABILITY_THRESHOLDS).toEqual([0, 40, 50, 60, 70]);
  });
});

describe('schedule presets', () => {
  it('defines every preset but custom with days and well-formed ranges', () => {
    for (const preset of SCHEDULE_PRESETS) {
      const definition = definitionOf(preset);
      if (preset === 'custom') {
        expect(definition).toBeNull();
        continue;
      }
      expect(definition?.days.length, preset).toBeGreaterThan(0);
      for (const range of definition?.ranges ?? []) {
        expect(range.from).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(range.to).toMatch(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/);
        expect(range.from < range.to, `${preset} ${range.from}-${range.to}`).toBe(true);
      }
    }
  });

  it('matches §9: work hours Mon-Fri 8-18, after work Mon-Fri 18-midnight, night 0-6, weekend Sat-Sun', () => {
    const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
    expect(definitionOf('work_hours')).toEqual({ days: weekdays, ranges: [{ from: '08:00', to: '18:00' }] });
    expect(definitionOf('after_work')).toEqual({ days: weekdays, ranges: [{ from: '18:00', to: '24:00' }] });
    expect(definitionOf('night_time')?.ranges).toEqual([{ from: '00:00', to: '06:00' }]);
    expect(definitionOf('weekend')?.days).toEqual(['saturday', 'sunday']);
    expect(definitionOf('all')?.days).toHaveLength(7);
  });
});
