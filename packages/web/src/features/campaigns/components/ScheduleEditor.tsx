/**
 * A schedule (§9): a preset, or a custom choice of days of the week and hours of the day. The custom editor
 * is a day × hour grid: days are checkboxes, hours are toggle buttons, and the grid shows what they select.
 */
import {
  DAY_OF_WEEK_LABELS,
  DAYS_OF_WEEK,
  type DayOfWeek,
  SCHEDULE_PRESET_LABELS,
  SCHEDULE_PRESETS,
  type SchedulePreset,
} from '@beacon/domain/dictionary/campaigns';
import { scheduleForPreset } from '@beacon/domain/validation/campaign-schedule';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { CampaignSchedule } from '../api/get-campaign';
import { describeRanges, HOURS_OF_DAY, hoursOfRanges, rangesOfHours } from '../utils/schedule-hours';

/** What a preset selects; custom keeps the days and hours chosen so far. */
export const scheduleOfPreset = (preset: SchedulePreset, current: CampaignSchedule): CampaignSchedule =>
  scheduleForPreset(preset, {
    days: [...current.days],
    ranges: current.ranges.map((range) => ({ ...range })),
  });

const SHORT_DAY = (day: DayOfWeek): string => DAY_OF_WEEK_LABELS[day].slice(0, 3);

type ScheduleEditorProps = {
  readonly label?: string;
  readonly value: CampaignSchedule;
  readonly onChange: (value: CampaignSchedule) => void;
  readonly error?: string;
  readonly disabled?: boolean;
};

export const ScheduleEditor = ({
  label = 'Schedule',
  value,
  onChange,
  error,
  disabled = false,
}: ScheduleEditorProps) => {
  const id = useId();
  const hours = hoursOfRanges(value.ranges);
  const isCustom = value.preset === 'custom';

  const setDays = (days: DayOfWeek[]) => onChange({ ...value, preset: 'custom', days });
  const setHours = (next: number[]) => onChange({ ...value, preset: 'custom', ranges: rangesOfHours(next) });

  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      disabled={disabled}
      fullWidth
      aria-describedby={`${id}-summary`}
    >
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.preset}
        onChange={(_event, preset: SchedulePreset | null) => {
          if (preset) onChange(scheduleOfPreset(preset, value));
        }}
        aria-label={`${label} preset`}
        disabled={disabled}
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        {SCHEDULE_PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset} sx={{ textTransform: 'none', px: 1.5 }}>
            {SCHEDULE_PRESET_LABELS[preset]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography id={`${id}-summary`} variant="body2" color="text.secondary">
        {value.days.length === 0
          ? 'No days selected'
          : value.days.length === 7
            ? 'Every day'
            : value.days.map(SHORT_DAY).join(', ')}
        {' · '}
        {describeRanges(value.ranges)}
      </Typography>
      {isCustom && (
        <Box sx={{ mt: 1.5 }}>
          <Box role="group" aria-label="Days" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            {DAYS_OF_WEEK.map((day) => (
              <FormControlLabel
                key={day}
                label={DAY_OF_WEEK_LABELS[day]}
                control={
                  <Checkbox
                    size="small"
                    checked={value.days.includes(day)}
                    onChange={(event) =>
                      setDays(
                        DAYS_OF_WEEK.filter((candidate) =>
                          candidate === day ? event.target.checked : value.days.includes(candidate),
                        ),
                      )
                    }
                  />
                }
              />
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1, mb: 0.5 }}>
            Hours (UTC)
          </Typography>
          <Box
            role="group"
            aria-label="Hours"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))', gap: 0.5 }}
          >
            {HOURS_OF_DAY.map((hour) => {
              const isOn = hours.includes(hour);
              return (
                <ToggleButton
                  key={hour}
                  value={hour}
                  size="small"
                  selected={isOn}
                  disabled={disabled}
                  aria-label={`${String(hour).padStart(2, '0')}:00 to ${String(hour + 1).padStart(2, '0')}:00`}
                  onChange={() => setHours(isOn ? hours.filter((h) => h !== hour) : [...hours, hour])}
                  sx={{ py: 0.25, fontVariantNumeric: 'tabular-nums' }}
                >
                  {String(hour).padStart(2, '0')}
                </ToggleButton>
              );
            })}
          </Box>
          <ScheduleGrid days={value.days} hours={hours} />
        </Box>
      )}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
};

/** The week at a glance: a row per day, a cell per hour, filled where the schedule runs. */
const ScheduleGrid = ({ days, hours }: { days: readonly DayOfWeek[]; hours: readonly number[] }) => (
  <Box
    aria-hidden
    sx={{
      mt: 1.5,
      display: 'grid',
      gridTemplateColumns: '36px repeat(24, minmax(0, 1fr))',
      gap: '2px',
      fontSize: 11,
      color: 'text.secondary',
    }}
  >
    {DAYS_OF_WEEK.map((day) => [
      <Box key={`${day}-label`}>{SHORT_DAY(day)}</Box>,
      ...HOURS_OF_DAY.map((hour) => (
        <Box
          key={`${day}-${hour}`}
          sx={{
            height: 12,
            borderRadius: 0.5,
            bgcolor: days.includes(day) && hours.includes(hour) ? 'primary.main' : 'action.hover',
          }}
        />
      )),
    ])}
  </Box>
);
