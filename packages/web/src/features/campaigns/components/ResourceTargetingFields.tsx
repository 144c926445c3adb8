/**
 * Resource targeting of a campaign or a strategy (decision 021): audiences in their three groups (with the §5
 * hint when audiences are required and none is selected), location audiences, geolists and — on the campaign —
 * publisher allow/blocklists and deals.
 */
import { AUDIENCES_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import {
  AUDIENCE_GROUP_LABELS,
  AUDIENCE_GROUPS,
  type AudienceGroup,
  hasRequiredAudienceGroup,
} from '@beacon/domain/validation/resource-targeting';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResourceSource, TargetedResource } from '../api/resources';
import { ResourcePicker } from './ResourcePicker';

export type ResourceTargetingValues = {
  readonly audiences: Readonly<Record<AudienceGroup, readonly number[]>>;
  readonly location_audiences: readonly number[];
  readonly geolists: readonly number[];
  readonly publisher_allowlists?: readonly number[];
  readonly publisher_blocklists?: readonly number[];
  readonly deals?: readonly number[];
};

type ResourceTargetingFieldsProps = {
  readonly value: ResourceTargetingValues;
  readonly onChange: (changes: Partial<ResourceTargetingValues>) => void;
  /** Messages by key (`targeting.geolists`, `targeting.audiences.at_least_one_of`). */
  readonly errors: Readonly<Record<string, string>>;
  readonly known?: readonly TargetedResource[];
  /** Retargeting: at least one audience in the first two groups. */
  readonly audiencesRequired: boolean;
  /** The campaign's fields (publisher lists and deals) too. */
  readonly withSupply: boolean;
  readonly disabled?: boolean | undefined;
};

const AUDIENCE_HELP: Record<AudienceGroup, string> = {
  at_least_one_of: 'A user matches at least one of these',
  mandatory: 'A user matches every one of these',
  excluded: 'A user matching any of these is left out',
};

const SUPPLY: {
  field: 'publisher_allowlists' | 'publisher_blocklists' | 'deals';
  label: string;
  help: string;
}[] = [
  { field: 'publisher_allowlists', label: 'Publisher allowlists', help: 'Bid only on these publishers' },
  { field: 'publisher_blocklists', label: 'Publisher blocklists', help: 'Never bid on these publishers' },
  { field: 'deals', label: 'Deals', help: 'Buy through these deals' },
];

export const ResourceTargetingFields = ({
  value,
  onChange,
  errors,
  known,
  audiencesRequired,
  withSupply,
  disabled,
}: ResourceTargetingFieldsProps) => {
  const showHint = audiencesRequired && !hasRequiredAudienceGroup(value.audiences);
  const pick = (label: string, source: ResourceSource, ids: readonly number[], help: string) => (
    <ResourcePicker
      key={source}
      label={label}
      source={source}
      value={ids}
      onChange={(next) => onChange({ [source]: next })}
      known={known}
      error={errors[`targeting.${source}`]}
      helperText={help}
      disabled={disabled}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="subtitle1">
        Audiences
      </Typography>
      {showHint && errors['targeting.audiences.at_least_one_of'] === undefined && (
        <Alert severity="warning">{AUDIENCES_REQUIRED_MESSAGE}</Alert>
      )}
      {AUDIENCE_GROUPS.map((group) => (
        <ResourcePicker
          key={group}
          label={AUDIENCE_GROUP_LABELS[group]}
          source="audiences"
          value={value.audiences[group]}
          onChange={(ids) => onChange({ audiences: { ...value.audiences, [group]: ids } })}
          known={known}
          error={errors[`targeting.audiences.${group}`]}
          helperText={AUDIENCE_HELP[group]}
          disabled={disabled}
        />
      ))}
      <Typography component="h3" variant="subtitle1">
        Places
      </Typography>
      {pick(
        'Location audiences',
        'location_audiences',
        value.location_audiences,
        'People seen in these areas',
      )}
      {pick('Geolists', 'geolists', value.geolists, 'Devices within these areas')}
      {withSupply && (
        <>
          <Typography component="h3" variant="subtitle1">
            Supply
          </Typography>
          {SUPPLY.map(({ field, label, help }) => pick(label, field, value[field] ?? [], help))}
        </>
      )}
    </Box>
  );
};
