/**
 * The optional "Frequency cap" group of the strategy dialog and the campaign form (docs/engine.md "Frequency
 * caps"): at most N impressions per user per hour, day or lifetime. The period waits for a number; the
 * fingerprint, how users without a device ID are told apart, shows only when the campaign takes any ID.
 * Its items sit in the caller's FieldGrid.
 */
import { FINGERPRINT_TYPE_LABELS, FINGERPRINT_TYPES } from '@beacon/domain/dictionary/audiences';
import {
  FREQUENCY_CAP_PERIOD_LABELS,
  FREQUENCY_CAP_PERIODS,
  type FrequencyCapPeriod,
} from '@beacon/domain/validation/frequency-cap';
import Typography from '@mui/material/Typography';
import type { FormErrors } from '../utils/campaign-form';
import { type FrequencyCapFormValues, frequencyCapKeyOf, hasFrequencyCap } from '../utils/frequency-cap-form';
import { Wide } from './FieldGrid';
import { EnumSelect, IntegerField } from './fields';

const capitalised = (label: string): string => `${label.charAt(0).toUpperCase()}${label.slice(1)}`;

/** "Per hour", "Per day", "In the lifetime": the period as the select shows it. */
const PERIOD_LABELS = {
  hour: capitalised(FREQUENCY_CAP_PERIOD_LABELS.hour),
  day: capitalised(FREQUENCY_CAP_PERIOD_LABELS.day),
  lifetime: capitalised(FREQUENCY_CAP_PERIOD_LABELS.lifetime),
} satisfies Record<FrequencyCapPeriod, string>;

const FINGERPRINT_DESCRIPTIONS = {
  soft: 'Address and browser family',
  exact: 'Address and full user agent',
} as const;

type FrequencyCapFieldsProps = {
  readonly value: FrequencyCapFormValues;
  readonly onChange: (value: FrequencyCapFormValues) => void;
  /** The form's messages, the cap's under `frequency_cap.impressions`, `.period` and `.fingerprint`. */
  readonly errors: FormErrors;
  /** What is capped, as the hint says it: "this strategy", "this campaign, over all its strategies". */
  readonly subject: string;
  /** Whether the campaign takes any ID (`fake`, or no type chosen): only then is the fingerprint used. */
  readonly isFingerprintUsed: boolean;
  readonly disabled?: boolean;
};

export const FrequencyCapFields = ({
  value,
  onChange,
  errors,
  subject,
  isFingerprintUsed,
  disabled = false,
}: FrequencyCapFieldsProps) => {
  const change = (changes: Partial<FrequencyCapFormValues>) => onChange({ ...value, ...changes });
  const isChoiceDisabled = disabled || !hasFrequencyCap(value);
  return (
    <>
      <Wide>
        <Typography component="h3" variant="subtitle2">
          Frequency cap (optional)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          At most this many impressions of {subject} per user. Blank: no cap.
        </Typography>
      </Wide>
      <IntegerField
        label="Impressions per user"
        value={value.impressions}
        onChange={(impressions) => change({ impressions })}
        error={errors[frequencyCapKeyOf('impressions')]}
        helperText="A whole number, 1 or more"
        disabled={disabled}
      />
      <EnumSelect
        label="Period"
        required
        value={value.period}
        options={FREQUENCY_CAP_PERIODS}
        labels={PERIOD_LABELS}
        onChange={(period) => {
          if (period !== '') change({ period });
        }}
        disabled={isChoiceDisabled}
        error={errors[frequencyCapKeyOf('period')]}
      />
      {isFingerprintUsed && (
        <EnumSelect
          label="Users without a device ID"
          required
          value={value.fingerprint}
          options={FINGERPRINT_TYPES}
          labels={FINGERPRINT_TYPE_LABELS}
          descriptions={FINGERPRINT_DESCRIPTIONS}
          onChange={(fingerprint) => {
            if (fingerprint !== '') change({ fingerprint });
          }}
          disabled={isChoiceDisabled}
          error={errors[frequencyCapKeyOf('fingerprint')]}
          helperText="Told apart by this fingerprint when the campaign allows any ID or no ID (fake)"
        />
      )}
    </>
  );
};
