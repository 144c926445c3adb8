/** Places, apps, categories and schedule of a campaign (loaded on demand: the heavy part of the form). */
import { campaignTypeRequirements } from '@beacon/domain/campaigns/campaign-types';
import { targetingAlerts } from '@beacon/domain/campaigns/targeting-alerts';
import { areAudiencesRequired } from '@beacon/domain/validation/resource-targeting';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isFieldAsked } from '../utils/type-fields';
import { BundleIdsField } from './BundleIdsField';
import { CategoriesField } from './CategoriesField';
import { CitiesField, CountriesField, RegionsField } from './place-pickers';
import { ResourceTargetingFields } from './ResourceTargetingFields';
import { ScheduleEditor } from './ScheduleEditor';
import type { SectionProps } from './section-props';

export const TargetingFields = ({
  values,
  errors,
  onChange,
  disabled,
  targetedResources,
  defaultTimeZone,
}: SectionProps) => {
  const targeting = values.targeting;
  const set = (changes: Partial<typeof targeting>) => onChange({ targeting: { ...targeting, ...changes } });
  const asks = (key: string) => isFieldAsked(values.type, `targeting.${key}`);
  // Places outside the chosen countries never match (§3 inconsistent targeting): said under the field at once.
  const alerts = targetingAlerts({ targeting });
  const alertOf = (field: string) => alerts.find((alert) => alert.field === field)?.message;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {asks('countries') && (
        <CountriesField
          label="Countries"
          required={campaignTypeRequirements(values.type).location === 'required'}
          value={targeting.countries}
          onChange={(countries) => set({ countries })}
          error={errors['targeting.countries']}
          helperText="Up to five countries"
          disabled={disabled}
        />
      )}
      {asks('regions') && (
        <RegionsField
          label="Regions"
          countries={targeting.countries}
          value={targeting.regions}
          onChange={(regions) => set({ regions })}
          error={errors['targeting.regions']}
          helperText={alertOf('targeting.regions')}
          disabled={disabled}
        />
      )}
      {asks('cities') && (
        <CitiesField
          label="Cities"
          countries={targeting.countries}
          value={targeting.cities}
          onChange={(cities) => set({ cities })}
          error={errors['targeting.cities']}
          helperText={alertOf('targeting.cities')}
          disabled={disabled}
        />
      )}
      {asks('bundle_ids') && (
        <BundleIdsField
          value={targeting.bundle_ids}
          onChange={(bundle_ids) => set({ bundle_ids })}
          error={errors['targeting.bundle_ids']}
          disabled={disabled}
        />
      )}
      {asks('iab_categories') && (
        <CategoriesField
          type="iab"
          label="IAB content categories"
          value={targeting.iab_categories}
          onChange={(iab_categories) => set({ iab_categories })}
          error={errors['targeting.iab_categories']}
          disabled={disabled}
        />
      )}
      {asks('app_categories') && (
        <CategoriesField
          type="app"
          label="App categories"
          value={targeting.app_categories}
          onChange={(app_categories) => set({ app_categories })}
          error={errors['targeting.app_categories']}
          disabled={disabled}
        />
      )}
      <ResourceTargetingFields
        value={targeting}
        onChange={set}
        errors={errors}
        known={targetedResources}
        audiencesRequired={isFieldAsked(values.type, 'objective') && areAudiencesRequired(values.objective)}
        withSupply
        disabled={disabled}
      />
      {isFieldAsked(values.type, 'schedule') && (
        <Box>
          <ScheduleEditor
            value={values.schedule}
            onChange={(schedule) => onChange({ schedule })}
            error={errors.schedule}
            disabled={disabled}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Days and hours in {values.time_zone || defaultTimeZone || 'UTC'}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
