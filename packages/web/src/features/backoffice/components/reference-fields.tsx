/**
 * Fields that choose a row of the API: the parent organization (searched among the organizations the caller
 * may see, so an organization is only made a child of one the caller sees) and a contact among the
 * operator's staff.
 */
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOrganization } from '../api/get-organization';
import { fetchOrganizations } from '../api/list-organizations';
import type { StaffUser } from '../api/operator-staff';
import { ORGANIZATIONS_QUERY_KEY } from '../api/organization';

const SEARCH_DEBOUNCE_MS = 300;
const PARENT_OPTIONS_LIMIT = 20;

type ParentOption = { readonly id: number; readonly name: string };

type ParentFieldProps = {
  readonly value: number | null;
  /** The organization being edited: never its own parent. */
  readonly excludeId: number | null;
  readonly onChange: (parentId: number | null) => void;
  readonly error?: string;
};

export const ParentField = ({ value, excludeId, onChange, error }: ParentFieldProps) => {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const candidates = useQuery({
    queryKey: [...ORGANIZATIONS_QUERY_KEY, 'parent-options', search],
    queryFn: ({ signal }) =>
      fetchOrganizations(
        { page: 1, limit: PARENT_OPTIONS_LIMIT, ...(search ? { search } : {}), filters: [] },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const current = useOrganization(value);
  const selected: ParentOption | null =
    value === null ? null : { id: value, name: current.data?.name ?? `Organization #${value}` };
  const options: ParentOption[] = (candidates.data?.rows ?? [])
    .filter((organization) => organization.id !== excludeId)
    .map(({ id, name }) => ({ id, name }));

  return (
    <Autocomplete<ParentOption>
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      // The server searches; the browser shows what it answers.
      filterOptions={(all) => all}
      loading={candidates.isFetching}
      noOptionsText={search ? 'No organization matches' : 'Type to search'}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.name}&nbsp;
          <Typography component="span" variant="body2" color="text.secondary">
            #{option.id}
          </Typography>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Parent organization"
          error={error !== undefined}
          helperText={error ?? 'Leave empty for a top-level organization'}
        />
      )}
    />
  );
};

type ContactSelectProps = {
  readonly label: string;
  readonly value: number | null;
  readonly staff: readonly StaffUser[];
  readonly isLoading: boolean;
  readonly isUnavailable: boolean;
  readonly onChange: (userId: number | null) => void;
  readonly error?: string;
};

/** One contact slot: a user of the operator's staff, or nobody. */
export const ContactSelect = ({
  label,
  value,
  staff,
  isLoading,
  isUnavailable,
  onChange,
  error,
}: ContactSelectProps) => {
  // A contact who is no longer among the staff listed still shows, by id, until someone else is chosen.
  const isListed = value === null || staff.some((user) => user.id === value);
  const hint = isUnavailable
    ? "The operator's staff could not be loaded"
    : isLoading
      ? 'Loading the staff…'
      : undefined;
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        if (value !== null && event.target.value === String(value)) return;
        const user = staff.find((candidate) => String(candidate.id) === event.target.value);
        onChange(user?.id ?? null);
      }}
      error={error !== undefined}
      helperText={error ?? hint}
    >
      <MenuItem value="">
        <em>Nobody</em>
      </MenuItem>
      {!isListed && value !== null && <MenuItem value={String(value)}>User #{value}</MenuItem>}
      {staff.map((user) => (
        <MenuItem key={user.id} value={String(user.id)}>
          {user.name}&nbsp;
          <Typography component="span" variant="body2" color="text.secondary">
            {user.username}
          </Typography>
        </MenuItem>
      ))}
    </TextField>
  );
};
