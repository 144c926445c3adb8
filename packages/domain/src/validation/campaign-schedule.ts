/**
 * The schedule of a campaign or strategy (spec §5): days of week and time ranges, with the preset they come
 * from.
 */
import { z } from 'zod';
import {
  DAYS_OF_WEEK,
  type DayOfWeek,
  SCHEDULE_PRESET_DEFINITIONS,
  SCHEDULE_PRESETS,
  type SchedulePreset,
  type TimeRange,
} from '../dictionary/campaigns';
import { isTime, requiredEnum, timeToMinutes, unique, ZTimeRange } from './fields';
import { requiredOrInvalid } from './generic';
import {
  maxLengthMessage,
  REQUIRED_MESSAGE,
  SCHEDULE_PRESET_MISMATCH_MESSAGE,
  SCHEDULE_RANGE_OVERLAP_MESSAGE,
} from './messages';

/** Time ranges of one schedule (every range applies to every selected day). */
export const MAX_SCHEDULE_RANGES = 24;

export type TSchedule = {
  preset: SchedulePreset;
  days: DayOfWeek[];
  ranges: { from: string; to: string }[];
};

const DAY_ORDER: ReadonlyMap<DayOfWeek, number> = new Map(DAYS_OF_WEEK.map((day, index) => [day, index]));
const sortDays = (days: readonly DayOfWeek[]): DayOfWeek[] =>
  unique(days).sort((a, b) => (DAY_ORDER.get(a) ?? 0) - (DAY_ORDER.get(b) ?? 0));
const sortRanges = (ranges: readonly TimeRange[]): { from: string; to: string }[] =>
  ranges.map((range) => ({ from: range.from, to: range.to })).sort((a, b) => a.from.localeCompare(b.from));

const sameDays = (a: readonly DayOfWeek[], b: readonly DayOfWeek[]): boolean => {
  const [x, y] = [sortDays(a), sortDays(b)];
  return x.length === y.length && x.every((day, index) => day === y[index]);
};
const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]): boolean => {
  const [x, y] = [sortRanges(a), sortRanges(b)];
  return (
    x.length === y.length &&
    x.every((range, index) => range.from === y[index]?.from && range.to === y[index]?.to)
  );
};

/**
 * The schedule a preset selects (SCHEDULE_PRESET_DEFINITIONS). Custom has no definition: it starts from
 * `current` (the schedule being edited) or, without one, from every day and every hour.
 */
export const scheduleForPreset = (preset: SchedulePreset, current?: Omit<TSchedule, 'preset'>): TSchedule => {
  const definition = SCHEDULE_PRESET_DEFINITIONS[preset] ?? current ?? SCHEDULE_PRESET_DEFINITIONS.all;
  return { preset, days: sortDays(definition.days), ranges: sortRanges(definition.ranges) };
};

/** The preset whose days and hours these are, or custom: lets the console relabel an edited schedule. */
export const schedulePresetOf = (
  days: readonly DayOfWeek[],
  ranges: readonly TimeRange[],
): SchedulePreset => {
  for (const preset of SCHEDULE_PRESETS) {
    const definition = SCHEDULE_PRESET_DEFINITIONS[preset];
    if (definition && sameDays(definition.days, days) && sameRanges(definition.ranges, ranges)) return preset;
  }
  return 'custom';
};

/** Ranges that overlap an earlier-starting one, by their index in `ranges` (valid ranges only). */
export const overlappingRanges = (ranges: readonly unknown[]): number[] => {
  const valid = ranges
    .map((range, index) => ({ range: range as Partial<TimeRange> | null, index }))
    .filter(
      ({ range }) =>
        typeof range === 'object' &&
        range !== null &&
        isTime(range.from) &&
        isTime(range.to) &&
        timeToMinutes(range.from) < timeToMinutes(range.to),
    )
    .map(({ range, index }) => ({
      from: timeToMinutes(range?.from ?? ''),
      to: timeToMinutes(range?.to ?? ''),
      index,
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const overlapping: number[] = [];
  let end = -1;
  for (const range of valid) {
    if (range.from < end) overlapping.push(range.index);
    end = Math.max(end, range.to);
  }
  return overlapping.sort((a, b) => a - b);
};

/**
 * Days of week and time ranges, with the preset they come from. A preset other than custom must hold its
 * definition (SCHEDULE_PRESET_MISMATCH_MESSAGE otherwise); its days and ranges may be left out and are then
 * filled in. Custom needs both. Ranges must not overlap. No days or no ranges is allowed (a draft being
 * edited) but raises a targeting alert. The output lists days Monday first and ranges by start.
 */
export const ZSchedule = z
  .strictObject(
    {
      preset: requiredEnum(SCHEDULE_PRESETS),
      days: z.array(requiredEnum(DAYS_OF_WEEK), { error: requiredOrInvalid }).optional(),
      ranges: z
        .array(ZTimeRange, { error: requiredOrInvalid })
        .max(MAX_SCHEDULE_RANGES, { error: maxLengthMessage(MAX_SCHEDULE_RANGES) })
        .optional(),
    },
    { error: requiredOrInvalid },
  )
  .superRefine((schedule, ctx) => {
    for (const index of overlappingRanges(schedule.ranges ?? [])) {
      ctx.addIssue({
        code: 'custom',
        path: ['ranges', index],
        message: SCHEDULE_RANGE_OVERLAP_MESSAGE,
        input: schedule,
      });
    }
    const definition = SCHEDULE_PRESET_DEFINITIONS[schedule.preset];
    if (definition === null) {
      if (schedule.days === undefined) {
        ctx.addIssue({ code: 'custom', path: ['days'], message: REQUIRED_MESSAGE, input: schedule });
      }
      if (schedule.ranges === undefined) {
        ctx.addIssue({ code: 'custom', path: ['ranges'], message: REQUIRED_MESSAGE, input: schedule });
      }
      return;
    }
    const daysDiffer = schedule.days !== undefined && !sameDays(definition.days, schedule.days);
    const rangesDiffer =
      schedule.ranges?.every((range) => isTime(range.from) && isTime(range.to)) &&
      !sameRanges(definition.ranges, schedule.ranges);
    if (daysDiffer || rangesDiffer) {
      ctx.addIssue({
        code: 'custom',
        path: ['preset'],
        message: SCHEDULE_PRESET_MISMATCH_MESSAGE,
        input: schedule,
      });
    }
  })
  .transform(
    (schedule): TSchedule =>
      schedule.preset !== 'custom'
        ? scheduleForPreset(schedule.preset)
        : {
            preset: 'custom',
            days: sortDays(schedule.days ?? []),
            ranges: sortRanges(schedule.ranges ?? []),
          },
  );
export type TScheduleInput = z.input<typeof ZSchedule>;

export const DEFAULT_SCHEDULE: TSchedule = scheduleForPreset('all');
