/**
 * The calendar of a DateField (decision 041). It is its own module so that MUI X's pickers and date-fns are
 * loaded when a calendar is first asked for, not with every page that has a date field.
 */
import Popover from '@mui/material/Popover';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { calendarDayOf } from './calendar-day';

/** English names, weeks starting on Monday (ISO 8601, the console's `YYYY-MM-DD` world). */
const LOCALE = { ...enUS, options: { ...enUS.options, weekStartsOn: 1 as const } };

export type DateCalendarPopoverProps = {
  /** The field's label, which names the calendar for assistive technology. */
  readonly label: string;
  readonly anchorEl: HTMLElement | null;
  /** Opens above the field instead of below it. */
  readonly isAbove: boolean;
  readonly open: boolean;
  /** The field's text: the calendar opens on it when it is a day, else on today. */
  readonly value: string;
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  readonly onPick: (day: string) => void;
  readonly onClose: () => void;
};

/** A month calendar under the field; picking a day answers it as `YYYY-MM-DD` (§9 date display). */
export const DateCalendarPopover = ({
  label,
  anchorEl,
  isAbove,
  open,
  value,
  min,
  max,
  onPick,
  onClose,
}: DateCalendarPopoverProps) => {
  const minDate = min === undefined ? undefined : (calendarDayOf(min) ?? undefined);
  const maxDate = max === undefined ? undefined : (calendarDayOf(max) ?? undefined);
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      // Above, clear of the field's label, which rises over the field's top edge.
      anchorOrigin={{ vertical: isAbove ? -12 : 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: isAbove ? 'bottom' : 'top', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': `${label} calendar` } }}
    >
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={LOCALE}>
        <DateCalendar
          autoFocus
          value={calendarDayOf(value)}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(day: Date | null, selectionState) => {
            // Choosing a year ('partial') goes on to its days; only a day ends the choice.
            if (day !== null && selectionState === 'finish') onPick(format(day, 'yyyy-MM-dd'));
          }}
        />
      </LocalizationProvider>
    </Popover>
  );
};
