/**
 * The columns of the back-office organizations grid. Sorting and filtering follow ORGANIZATION_LIST_SPEC
 * (ServerDataGrid applies it); enumerations show their dictionary labels, the country its name, the creation
 * day as YYYY-MM-DD (§9). The actions sit next to the name: the columns are wider than most screens, and
 * a row's actions must not need a horizontal scroll.
 */
import { CURRENCIES, CURRENCY_LABELS } from '@beacon/domain/dictionary/currencies';
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  ORGANIZATION_STATE_LABELS,
  ORGANIZATION_STATES,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  REGION_LABELS,
  REGIONS,
} from '@beacon/domain/dictionary/organizations';
import { ORGANIZATION_ROLE_LABELS, ORGANIZATION_ROLES } from '@beacon/domain/dictionary/roles';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { optionsOf, rowAction } from '../../../components/data-grid/grid-columns';
import { formatDate } from '../../../lib/format';
import type { Organization } from '../api/organization';
import { countryLabel } from '../utils/organization-list';

export type OrganizationRowActions = {
  readonly onEdit: (organization: Organization) => void;
  readonly onDuplicate: (organization: Organization) => void;
  readonly onShowChildren: (organization: Organization) => void;
};

export const organizationColumns = ({
  onEdit,
  onDuplicate,
  onShowChildren,
}: OrganizationRowActions): GridColDef<Organization>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 220 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 128,
    getActions: ({ row }) => [
      rowAction('edit', <EditOutlined />, `Edit ${row.name}`, () => onEdit(row)),
      rowAction('duplicate', <ContentCopyOutlined />, `Duplicate ${row.name}`, () => onDuplicate(row)),
      rowAction('children', <AccountTreeOutlined />, `Children of ${row.name}`, () => onShowChildren(row)),
    ],
  },
  {
    field: 'id',
    headerName: 'ID',
    type: 'number',
    width: 90,
    valueFormatter: (value: number) => String(value),
  },
  {
    field: 'role',
    headerName: 'Role',
    width: 180,
    type: 'singleSelect',
    valueOptions: optionsOf(ORGANIZATION_ROLES, ORGANIZATION_ROLE_LABELS),
  },
  {
    field: 'country',
    headerName: 'Country',
    width: 180,
    valueFormatter: (value: string | null) => countryLabel(value),
  },
  {
    field: 'currency',
    headerName: 'Currency',
    width: 110,
    type: 'singleSelect',
    valueOptions: optionsOf(CURRENCIES, CURRENCY_LABELS),
  },
  {
    field: 'payment_terms',
    headerName: 'Payment terms',
    width: 140,
    type: 'singleSelect',
    valueOptions: optionsOf(PAYMENT_TERMS, PAYMENT_TERM_LABELS),
  },
  {
    field: 'account_type',
    headerName: 'Account type',
    width: 130,
    type: 'singleSelect',
    valueOptions: optionsOf(ACCOUNT_TYPES, ACCOUNT_TYPE_LABELS),
  },
  {
    field: 'region',
    headerName: 'Region',
    width: 140,
    type: 'singleSelect',
    valueOptions: optionsOf(REGIONS, REGION_LABELS),
  },
  {
    field: 'parent',
    headerName: 'Parent ID',
    type: 'number',
    width: 100,
    valueFormatter: (value: number | null) => (value === null ? '' : String(value)),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 100,
    type: 'singleSelect',
    valueOptions: optionsOf(ORGANIZATION_STATES, ORGANIZATION_STATE_LABELS),
  },
  {
    field: 'created_at',
    headerName: 'Created',
    type: 'date',
    width: 120,
    valueGetter: (value: string) => new Date(value),
    valueFormatter: (value: Date) => formatDate(value),
  },
];
