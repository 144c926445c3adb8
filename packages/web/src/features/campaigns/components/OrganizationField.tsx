/**
 * The advertiser organization of a new campaign: the user's own organization or one of its children
 * (GET /organization/{id}/children). Users whose organization has no children never see the choice.
 * New campaigns take the chosen organization's currency.
 */
import type { Currency } from '@beacon/domain/dictionary/currencies';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type AdvertiserOption = { readonly id: number; readonly name: string; readonly currency: Currency };

/** The organizations a user may create campaigns for: its own first, then its children by name. */
export const useAdvertiserOptions = (organizationId: number | undefined) =>
  useQuery({
    queryKey: ['campaigns', 'advertisers', organizationId],
    enabled: organizationId !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<AdvertiserOption[]> => {
      const [own, children] = await Promise.all([
        api<AdvertiserOption>(`/v2/organization/${organizationId}`, { signal }),
        api<AdvertiserOption[]>(`/organization/${organizationId}/children`, { signal }),
      ]);
      const pick = ({ id, name, currency }: AdvertiserOption): AdvertiserOption => ({ id, name, currency });
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
