/**
 * The custom schedule editor works on whole hours: a schedule's time ranges ↔ the 24 hours of a day they
 * cover. Ranges are `HH:mm` with `24:00` as the end of the day (the domain's schedule rules).
 */
export const HOURS_OF_DAY = Array.from({ length: 24 }, (_unused, hour) => hour);

export type TimeRangeValue = { readonly from: string; readonly to: string };

const minutesOf = (time: string): number => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

const timeOf = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** The hours a set of ranges touches (an hour counts when any of its minutes is covered). */
export const hoursOfRanges = (ranges: readonly TimeRangeValue[]): number[] =>
  HOURS_OF_DAY.filter((hour) =>
    ranges.some((range) => minutesOf(range.from) < (hour + 1) * 60 && minutesOf(range.to) > hour * 60),
  );

/** Contiguous runs of hours as ranges, in order: [8, 9, 10, 20] → 08:00–11:00, 20:00–21:00. */
export const rangesOfHours = (hours: readonly number[]): TimeRangeValue[] => {
  const sorted = [...new Set(hours)].filter((hour) => hour >= 0 && hour < 24).sort((a, b) => a - b);
  const ranges: TimeRangeValue[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const hour of sorted) {
    if (start === undefined || previous === undefined) {
      start = hour;
    } else if (hour !== previous + 1) {
      ranges.push({ from: timeOf(start), to: timeOf(previous + 1) });
      start = hour;
    }
    previous = hour;
  }
  if (start !== undefined && previous !== undefined) {
    ranges.push({ from: timeOf(start), to: timeOf(previous + 1) });
  }
  return ranges;
};

/** A short text of a schedule's ranges: "08:00–18:00, 20:00–22:00", or "no hours". */
export const describeRanges = (ranges: readonly TimeRangeValue[]): string =>
  ranges.length === 0 ? 'no hours' : ranges.map((range) => `${range.from}–${range.to}`).join(', ');
