/**
 * The source campaign of a synchronized campaign, searched among the caller's campaigns (GET /campaigns):
 * same organization, not synchronized itself, not deleted. Chosen once, at creation: it cannot be unlinked.
 */
import type { TCampaignRow } from '@beacon/domain/api/campaigns';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiList } from '../../../api/client';
import { usePickedNames } from './picked-names';

/** A campaign the field offers (a row of GET /campaigns), or the one chosen before its row is read. */
type SourceOption = Pick<TCampaignRow, 'id' | 'name'>;

const OPTIONS_LIMIT = 20;

type SourceCampaignFieldProps = {
  readonly organization: number | null;
  readonly value: number | null;
  readonly onChange: (id: number | null) => void;
  readonly error?: string;
};

export const SourceCampaignField = ({ organization, value, onChange, error }: SourceCampaignFieldProps) => {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const names = usePickedNames();
  const [chosen, setChosen] = useState<SourceOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const candidates = useQuery({
    queryKey: ['campaigns', 'source-options', organization, search],
    queryFn: ({ signal }) =>
      apiList<TCampaignRow>('/campaigns', {
        params: {
          limit: OPTIONS_LIMIT,
          search: search || undefined,
          type: { isnt: 'synchronized' },
          organization: organization === null ? undefined : { is: organization },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const options = (candidates.data?.rows ?? []).filter(
    (campaign) => campaign.type !== 'synchronized' && campaign.state !== 'deleted',
  );
  const selected =
    value === null
      ? null
      : chosen?.id === value
        ? chosen
        : { id: value, name: names.nameOf('campaign', value) ?? `Campaign #${value}` };
  return (
    <Autocomplete<SourceOption>
      options={options}
      value={selected}
      onChange={(_event, option) => {
        setChosen(option);
        if (option) names.remember('campaign', option.id, option.name);
        onChange(option?.id ?? null);
      }}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      filterOptions={(all) => all}
      loading={candidates.isFetching}
      noOptionsText="No campaign matches"
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
          required
          label="Source campaign"
          error={error !== undefined}
          helperText={error ?? 'Its flight dates apply; once created, the link cannot be undone'}
        />
      )}
    />
  );
};
