/**
 * IAB content categories or app categories, searched with GET /dictionary/contexts; chosen ids are named from
 * the domain's tables (the same the endpoint serves).
 */
import { APP_CATEGORIES, IAB_CATEGORY_NAMES } from '@beacon/domain/dictionary/categories';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';

type Context = {
  readonly id: string;
  readonly name: string;
  readonly type: 'iab' | 'app';
  readonly parent: string | null;
};

const CONTEXTS_LIMIT = 100;

const APP_CATEGORY_NAMES: ReadonlyMap<string, string> = new Map(
  APP_CATEGORIES.flatMap((category) => [
    [String(category.id), category.name] as const,
    ...category.subcategories.map((sub) => [sub.id, `${category.name}: ${sub.name}`] as const),
  ]),
);

export const categoryLabel = (type: 'iab' | 'app', id: string): string =>
  (type === 'iab' ? IAB_CATEGORY_NAMES.get(id) : APP_CATEGORY_NAMES.get(id)) ?? id;

type CategoriesFieldProps = {
  readonly type: 'iab' | 'app';
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error?: string;
  readonly disabled?: boolean;
};

export const CategoriesField = ({ type, label, value, onChange, error, disabled }: CategoriesFieldProps) => {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const contexts = useQuery({
    queryKey: ['dictionary-contexts', type, search],
    queryFn: ({ signal }) =>
      api<Context[]>('/dictionary/contexts', { params: { type, search, limit: CONTEXTS_LIMIT }, signal }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Autocomplete<string, true>
      multiple
      disabled={disabled}
      options={(contexts.data ?? []).map((context) => context.id)}
      value={[...value]}
      onChange={(_event, ids) => onChange(ids)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      getOptionLabel={(id) => `${categoryLabel(type, id)} (${id})`}
      filterOptions={(all) => all}
      loading={contexts.isFetching}
      noOptionsText="No category matches"
      renderInput={(params) => (
        <TextField {...params} label={label} error={error !== undefined} helperText={error} />
      )}
    />
  );
};
