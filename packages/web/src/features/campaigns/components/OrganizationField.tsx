/**
 * The advertiser organization of a new campaign: the user's own organization or one of its children
 * (GET /organization/{id}/children), or for the operator's staff any organization. Users whose organization
 * has no children never see the choice.
 * New campaigns take the chosen organization's currency.
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { api, apiList } from '../../../api/client';

export type AdvertiserOption = {
  readonly id: number;
  readonly name: string;
  readonly currency: Currency;
  /** The default zone of its campaigns. */
  readonly time_zone: string;
};

/** The most organizations the operator's staff choose among (the largest list page). */
const STAFF_OPTIONS_LIMIT = 200;

/**
 * The organizations a user may create campaigns for: its own first, then its children by name; for the
 * operator's staff, who create campaigns for their clients, every active organization by name.
 */
export const useAdvertiserOptions = (organizationId: number | undefined, isOperatorStaff = false) =>
  useQuery({
    queryKey: ['campaigns', 'advertisers', organizationId, isOperatorStaff],
    enabled: organizationId !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<AdvertiserOption[]> => {
      const pick = ({ id, name, currency, time_zone }: AdvertiserOption): AdvertiserOption => ({
        id,
        name,
        currency,
        time_zone,
      });
      if (isOperatorStaff) {
        const { rows } = await apiList<AdvertiserOption>('/organizations', {
          params: { limit: STAFF_OPTIONS_LIMIT, sort: 'name' },
          signal,
        });
        return rows.map(pick);
      }
      const [own, children] = await Promise.all([
        api<AdvertiserOption>(`/v2/organization/${organizationId}`, { signal }),
        api<AdvertiserOption[]>(`/organization/${organizationId}/children`, { signal }),
      ]);
      return [pick(own), ...children.map(pick).sort((a, b) => a.name.localeCompare(b.name))];
    },
  });

type OrganizationFieldProps = {
  readonly options: readonly AdvertiserOption[];
  readonly value: number | null;
  readonly onChange: (id: number) => void;
  readonly error?: string;
};

export const OrganizationField = ({ options, value, onChange, error }: OrganizationFieldProps) => (
  <TextField
    select
    fullWidth
    required
    label="Advertiser"
    value={value === null ? '' : String(value)}
    onChange={(event) => onChange(Number(event.target.value))}
    error={error !== undefined}
    helperText={error ?? 'The organization the campaign runs for; it sets the currency'}
  >
    {options.map((option) => (
      <MenuItem key={option.id} value={String(option.id)}>
        {option.name} ({option.currency.toUpperCase()})
      </MenuItem>
    ))}
  </TextField>
);
