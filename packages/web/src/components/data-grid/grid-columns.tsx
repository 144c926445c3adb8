/**
 * Pieces the resource and back-office grids' columns share: an enumeration's filter options with their
 * dictionary labels, and a row's action button (its label names the row, which is how tests and assistive
 * technology find it).
 */
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { ReactElement } from 'react';

/** A `singleSelect` column's options: each value with its dictionary label. */
export const optionsOf = <V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** One button of an `actions` column. */
export const rowAction = (key: string, icon: ReactElement, label: string, onClick: () => void) => (
  <GridActionsCellItem key={key} icon={icon} label={label} onClick={onClick} />
);
