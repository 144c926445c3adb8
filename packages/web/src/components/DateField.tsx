import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode, Suspense, useState } from 'react';
import { lazy } from '../lib/lazy';

const loadCalendar = () => import('./DateCalendarPopover');
/** The calendar's height with the popover's margin, to choose whether it opens below or above its field. */
const CALENDAR_HEIGHT_PX = 360;

/** A failed early load is no matter: opening the calendar asks again, with retries (lib/lazy.ts). */
const preloadCalendar = () => {
  loadCalendar().catch(() => undefined);
};
const DateCalendarPopover = lazy(() =>
  loadCalendar().then((module) => ({ default: module.DateCalendarPopover })),
);

export type DateFieldProps = {
  readonly label: string;
  /** `YYYY-MM-DD`, or '' while empty; half-typed text is kept as typed. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message, shown instead of the helper text. */
  readonly error?: string | undefined;
  readonly helperText?: ReactNode;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** The first and last days the calendar offers (`YYYY-MM-DD`); typing is checked by the form's schema. */
  readonly min?: string | undefined;
  readonly max?: string | undefined;
};

/**
 * A calendar day, typed or picked from a calendar, always shown `YYYY-MM-DD` (§9 date display; a native date
 * input would follow the browser's locale instead). The calendar's code loads when it is first wanted
 * (decision 041). The form's schema answers "Invalid format" for anything else typed.
 */
export const DateField = ({
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  disabled = false,
  min,
  max,
}: DateFieldProps) => {
  const [field, setField] = useState<HTMLDivElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isAbove, setIsAbove] = useState(false);
  // Kept mounted once opened, so that closing runs the transition and gives focus back to the button.
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    // Above the field when it does not fit below and fits better above, rather than pushed over the field.
    const rect = field?.getBoundingClientRect();
    const below = rect ? window.innerHeight - rect.bottom : Number.POSITIVE_INFINITY;
    setIsAbove(rect !== undefined && below < CALENDAR_HEIGHT_PX && rect.top > below);
    setHasOpened(true);
    setIsOpen(true);
  };
  return (
    <>
      <TextField
        ref={setField}
        fullWidth
        label={label}
        value={value}
        required={required}
        disabled={disabled}
        placeholder="YYYY-MM-DD"
        onChange={(event) => onChange(event.target.value.trim())}
        error={error !== undefined}
        helperText={error ?? helperText}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={`Choose ${label} from a calendar`}
                  disabled={disabled}
                  onClick={open}
                  // Asks for the calendar's code as soon as the pointer or focus comes near it.
                  onPointerEnter={preloadCalendar}
                  onFocus={preloadCalendar}
                >
                  <CalendarMonthOutlined />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {hasOpened && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            label={label}
            anchorEl={field}
            isAbove={isAbove}
            open={isOpen && !disabled}
            value={value}
            min={min}
            max={max}
            onPick={(day) => {
              onChange(day);
              setIsOpen(false);
            }}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
};
