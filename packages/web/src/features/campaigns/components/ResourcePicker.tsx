/**
 * A searchable multi-select over one kind of resource (decision 021): options come one page at a time from the
 * resource's list endpoint as the user types; what is already chosen keeps its name (from the campaign's
 * `targeted_resources`, or from the option picked), also when it is deleted or not on the current page.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  fetchResourceOptions,
  type ResourceOption,
  type ResourceSource,
  resourceOptionsQueryKey,
  SOURCE_KINDS,
  type TargetedResource,
} from '../api/resources';
import { usePickedNames } from './picked-names';

type ResourcePickerProps = {
  readonly label: string;
  readonly source: ResourceSource;
  readonly value: readonly number[];
  readonly onChange: (ids: number[]) => void;
  /** The resources the campaign already targets, named. */
  readonly known?: readonly TargetedResource[];
  readonly error?: string | undefined;
  readonly helperText?: string | undefined;
  readonly disabled?: boolean | undefined;
};

type Choice = ResourceOption & { readonly deleted?: boolean };

export const ResourcePicker = ({
  label,
  source,
  value,
  onChange,
  known = [],
  error,
  helperText,
  disabled,
}: ResourcePickerProps) => {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const picked = useRef(new Map<number, ResourceOption>());
  const names = usePickedNames();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useQuery({
    queryKey: resourceOptionsQueryKey(source, search),
    queryFn: ({ signal }) => fetchResourceOptions(source, search, signal),
    placeholderData: keepPreviousData,
    enabled: isOpen,
  });
  const kind = SOURCE_KINDS[source];
  const choiceOf = (id: number): Choice => {
    const targeted = known.find((resource) => resource.kind === kind && resource.id === id);
    if (targeted) {
      return { id, name: targeted.name, deleted: targeted.state === 'deleted' };
    }
    return (
      picked.current.get(id) ?? options.data?.find((option) => option.id === id) ?? { id, name: `#${id}` }
    );
  };
  const selected = value.map(choiceOf);
  return (
    <Autocomplete<Choice, true>
      multiple
      options={options.data ?? []}
      value={selected}
      onChange={(_event, choices) => {
        for (const choice of choices) {
          picked.current.set(choice.id, choice);
          names.remember(SOURCE_KINDS[source], choice.id, choice.name);
        }
        onChange(choices.map((choice) => choice.id));
      }}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      filterOptions={(all) => all}
      filterSelectedOptions
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText={options.isError ? 'Could not load the list' : 'Nothing matches'}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.name}
          {option.detail && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {option.detail}
            </Typography>
          )}
        </li>
      )}
      renderValue={(choices, getItemProps) =>
        choices.map((choice, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              color={choice.deleted ? 'warning' : 'default'}
              label={choice.deleted ? `${choice.name} (deleted)` : choice.name}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error !== undefined}
          helperText={error ?? helperText}
          placeholder={value.length === 0 ? 'Search by name' : undefined}
        />
      )}
    />
  );
};
