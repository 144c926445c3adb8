import { describeRole } from '@beacon/domain/dictionary/role-descriptions';
import { USER_ROLE_LABELS, type UserRole } from '@beacon/domain/dictionary/roles';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../api/api-error';
import { type AccountOrganization, childrenQueryOptions } from '../api/organization';
import type { UserFlags } from './user-form';

/** What a role can do (domain role descriptions): the summary, the sections it opens, and whether it edits. */
export const RoleSummary = ({ role }: { readonly role: UserRole }) => {
  const description = describeRole(role);
  return (
    <Box
      sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
      aria-label={`What a${/^[AEIOU]/.test(USER_ROLE_LABELS[role]) ? 'n' : ''} ${USER_ROLE_LABELS[role]} can do`}
      role="note"
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {description.summary}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75, fontWeight: 600 }}>
        {description.canEdit ? 'Opens and edits' : 'Opens, without editing'}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}
      >
        {description.sections.map((section) => (
          <Chip key={section} component="li" label={section} size="small" variant="outlined" />
        ))}
      </Stack>
    </Box>
  );
};

type AdvertisersFieldProps = {
  /** The organization whose children the user may be restricted to. */
  readonly organizationId: number;
  readonly value: readonly number[];
  readonly onChange: (ids: number[]) => void;
  readonly error?: string;
  readonly disabled?: boolean;
};

/**
 * The advertisers a user is restricted to (§3 user fields): children of its organization
 * (GET /organization/{id}/children); none chosen means no restriction.
 */
export const AdvertisersField = ({
  organizationId,
  value,
  onChange,
  error,
  disabled,
}: AdvertisersFieldProps) => {
  const children = useQuery(childrenQueryOptions(organizationId));
  const options = children.data ?? [];
  if (children.isSuccess && options.length === 0 && value.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Advertisers: this organization has no child organizations to restrict the user to.
      </Typography>
    );
  }
  const selected = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete<AccountOrganization, true>
      multiple
      options={options}
      value={selected}
      loading={children.isPending}
      disabled={disabled}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label="Advertisers"
          error={error !== undefined || children.isError}
          helperText={
            error ??
            (children.isError
              ? errorMessage(children.error)
              : 'Leave empty to give access to every advertiser of the organization.')
          }
        />
      )}
    />
  );
};

type FlagsFieldProps = {
  readonly value: UserFlags;
  readonly onChange: (flag: keyof UserFlags, checked: boolean) => void;
  readonly disabled?: boolean;
};

/** The view-all-KPIs and view-all-campaigns flags of §3. */
export const FlagsField = ({ value, onChange, disabled }: FlagsFieldProps) => {
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={`${id}-legend`}>
        Visibility
      </FormLabel>
      <FormGroup>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.view_all_kpis}
              onChange={(event) => onChange('view_all_kpis', event.target.checked)}
            />
          }
          label="View all KPIs"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={value.view_all_campaigns}
              onChange={(event) => onChange('view_all_campaigns', event.target.checked)}
            />
          }
          label="View all campaigns"
        />
      </FormGroup>
      <FormHelperText sx={{ mx: 0 }}>
        Beyond the advertisers above: every KPI of the reports, and every campaign of the organization.
      </FormHelperText>
    </FormControl>
  );
};
