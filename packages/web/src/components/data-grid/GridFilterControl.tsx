/**
 * The grid's filters: a "Filters" button counting the conditions, opening a panel of rows (column, operator,
 * value typed for the column's field type) that the list ANDs. The rows are checked with the list's own rules
 * on Apply (grid-filter-rows.ts): a row the list would refuse shows its message and nothing is sent. It
 * replaces MUI's filter panel, which the community grid limits to one condition.
 */
import {
  type FilterFieldType,
  filterOperatorText,
  isValuelessFilterOperator,
} from '@beacon/domain/dictionary/grid';
import type { ListFilter, ListSpec } from '@beacon/domain/validation/list-query';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import FilterList from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { type FormEvent, Fragment, useId, useMemo, useRef, useState } from 'react';
import {
  checkRows,
  type FilterRow,
  newRow,
  operatorsOf,
  type RowProblems,
  rowOf,
  rowValueFor,
  takesValueList,
  valueOptionsOf,
} from './grid-filter-rows';
import { MAX_GRID_FILTERS } from './grid-url-state';

export const FILTERS_LIMIT_TEXT = `At most ${MAX_GRID_FILTERS} conditions`;

type Props<R extends GridValidRowModel> = {
  readonly spec: ListSpec;
  /** The grid's columns as serverGridColumns made them: only the filterable ones are offered. */
  readonly columns: readonly GridColDef<R>[];
  readonly filters: readonly ListFilter[];
  readonly onChange: (filters: ListFilter[]) => void;
};

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

type ValueInputProps = {
  readonly type: FilterFieldType | undefined;
  readonly row: FilterRow;
  readonly options: readonly { value: unknown; label: string }[];
  readonly error: string | undefined;
  readonly onChange: (value: FilterRow['value']) => void;
};

/** The value box of a row: a select for an enum or a yes/no, a day for a date, text otherwise. */
const ValueInput = ({ type, row, options, error, onChange }: ValueInputProps) => {
  const common = {
    label: 'Value',
    size: 'small' as const,
    fullWidth: true,
    error: error !== undefined,
    helperText: error ?? (row.operator === 'any' && type !== 'enum' ? 'Separate values with commas' : ' '),
  };
  if (row.operator !== '' && isValuelessFilterOperator(row.operator)) {
    return <Box sx={{ flex: 1, minWidth: 0 }} />;
  }
  if (type === 'enum' || type === 'boolean') {
    const choices =
      type === 'boolean'
        ? BOOLEAN_OPTIONS
        : options.map((option) => ({ ...option, value: String(option.value) }));
    const isList = takesValueList(type, row.operator);
    const labelOf = (value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
    return (
      <TextField
        {...common}
        select
        value={isList ? [...row.value] : row.value}
        onChange={(event) => {
          const next: unknown = event.target.value;
          onChange(Array.isArray(next) ? next.map(String) : String(next));
        }}
        slotProps={{
          select: {
            multiple: isList,
            renderValue: (selected: unknown) =>
              (Array.isArray(selected) ? selected : [selected])
                .map((value) => labelOf(String(value)))
                .join(', '),
          },
        }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const text = typeof row.value === 'string' ? row.value : row.value.join(',');
  return (
    <TextField
      {...common}
      type={type === 'date' ? 'date' : 'text'}
      // A date box shows the day of a date-and-time filter read from a link.
      value={type === 'date' ? text.slice(0, 10) : text}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        inputLabel: type === 'date' ? { shrink: true } : {},
        htmlInput: type === 'number' && row.operator !== 'any' ? { inputMode: 'decimal' } : {},
      }}
    />
  );
};

export const GridFilterControl = <R extends GridValidRowModel>({
  spec,
  columns,
  filters,
  onChange,
}: Props<R>) => {
  const titleId = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const [isOpen, setIsOpen] = useState(false);
  const [rows, setRows] = useState<FilterRow[]>([]);
  const [problems, setProblems] = useState<ReadonlyMap<number, RowProblems>>(new Map());

  const filterable = useMemo(
    () =>
      columns.filter(
        (column) =>
          column.filterable !== false &&
          Object.hasOwn(spec.fields, column.field) &&
          spec.fields[column.field]?.filterable !== false,
      ),
    [columns, spec],
  );
  const fields = useMemo(() => filterable.map((column) => column.field), [filterable]);
  const keyOf = () => {
    nextKey.current += 1;
    return nextKey.current;
  };

  const open = () => {
    const current = filters.map((filter) => rowOf(filter, spec, keyOf()));
    setRows(current.length > 0 ? current : [newRow(spec, fields, keyOf())]);
    setProblems(new Map());
    setIsOpen(true);
  };
  const close = () => setIsOpen(false);

  const change = (key: number, update: (row: FilterRow) => FilterRow) => {
    setRows((current) => current.map((row) => (row.key === key ? update(row) : row)));
    setProblems((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };
  const typeOf = (field: string) =>
    Object.hasOwn(spec.fields, field) ? spec.fields[field]?.type : undefined;
  const chooseField = (key: number, field: string) =>
    change(key, (row) => {
      const operators = operatorsOf(spec, field);
      const operator =
        row.operator !== '' && operators.includes(row.operator) ? row.operator : (operators[0] ?? '');
      const isSameType = typeOf(field) === typeOf(row.field);
      return {
        ...row,
        field,
        operator,
        value: rowValueFor(typeOf(field), operator, isSameType ? row.value : ''),
      };
    });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = checkRows(rows, spec);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    onChange(result.filters);
    close();
  };
  const clearAll = () => {
    setRows([]);
    setProblems(new Map());
    onChange([]);
  };

  if (filterable.length === 0) return null;
  return (
    <>
      <Button
        ref={anchor}
        variant="text"
        startIcon={
          <Badge badgeContent={filters.length} color="primary" aria-hidden>
            <FilterList />
          </Badge>
        }
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-label={filters.length > 0 ? `Filters (${filters.length} active)` : 'Filters'}
      >
        Filters
      </Button>
      <Popover
        open={isOpen}
        anchorEl={anchor.current}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 'min(800px, calc(100vw - 32px))', p: 2 },
          },
        }}
      >
        <Box component="form" noValidate onSubmit={apply}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
            Filters
          </Typography>
          {rows.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              No conditions: every row is shown.
            </Typography>
          )}
          <Stack spacing={1}>
            {rows.map((row, index) => {
              const type = typeOf(row.field);
              const column = filterable.find((candidate) => candidate.field === row.field);
              const problem = problems.get(row.key);
              return (
                <Fragment key={row.key}>
                  {index > 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ pl: 0.5 }}>
                      and
                    </Typography>
                  )}
                  <Stack
                    role="group"
                    aria-label={`Condition ${index + 1}`}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { md: 'flex-start' } }}
                  >
                    <TextField
                      select
                      label="Column"
                      size="small"
                      value={row.field}
                      onChange={(event) => chooseField(row.key, event.target.value)}
                      error={problem?.field !== undefined}
                      helperText={problem?.field ?? ' '}
                      sx={{ width: { md: 180 }, flexShrink: 0 }}
                    >
                      {filterable.map((candidate) => (
                        <MenuItem key={candidate.field} value={candidate.field}>
                          {candidate.headerName ?? candidate.field}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      label="Operator"
                      size="small"
                      value={row.operator}
                      onChange={(event) => {
                        const operator = operatorsOf(spec, row.field).find(
                          (item) => item === event.target.value,
                        );
                        if (operator) {
                          change(row.key, (current) => ({
                            ...current,
                            operator,
                            value: rowValueFor(type, operator, current.value),
                          }));
                        }
                      }}
                      error={problem?.operator !== undefined}
                      helperText={problem?.operator ?? ' '}
                      sx={{ width: { md: 225 }, flexShrink: 0 }}
                    >
                      {operatorsOf(spec, row.field).map((operator) => (
                        <MenuItem key={operator} value={operator}>
                          {filterOperatorText(operator)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Box sx={{ flex: { md: 1 }, minWidth: 0, display: 'flex' }}>
                      <ValueInput
                        type={type}
                        row={row}
                        options={valueOptionsOf(column)}
                        error={problem?.value}
                        onChange={(value) => change(row.key, (current) => ({ ...current, value }))}
                      />
                    </Box>
                    <IconButton
                      aria-label={`Remove condition ${index + 1}`}
                      onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                      sx={{ alignSelf: { xs: 'flex-end', md: 'flex-start' } }}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Stack>
                </Fragment>
              );
            })}
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Button
              startIcon={<Add />}
              onClick={() => setRows((current) => [...current, newRow(spec, fields, keyOf())])}
              disabled={rows.length >= MAX_GRID_FILTERS}
            >
              Add condition
            </Button>
            {rows.length >= MAX_GRID_FILTERS && (
              <Typography variant="body2" color="text.secondary">
                {FILTERS_LIMIT_TEXT}
              </Typography>
            )}
            <Box sx={{ flex: 1 }} />
            <Button onClick={clearAll} disabled={rows.length === 0 && filters.length === 0}>
              Clear all
            </Button>
            <Button type="submit" variant="contained">
              Apply
            </Button>
          </Stack>
        </Box>
      </Popover>
    </>
  );
};
