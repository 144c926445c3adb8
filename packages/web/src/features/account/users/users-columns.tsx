import { USER_ROLE_LABELS, USER_ROLES } from '@beacon/domain/dictionary/roles';
import { USER_STATE_LABELS } from '@beacon/domain/dictionary/users';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { AccountUser } from '../api/users';

export type UserRowActions = {
  readonly onEdit: (user: AccountUser) => void;
  readonly onSetPassword: (user: AccountUser) => void;
  readonly onDelete: (user: AccountUser) => void;
  /** Whether the signed-in user may change this user (its role is one it may give). */
  readonly mayManage: (user: AccountUser) => boolean;
  readonly isSelf: (user: AccountUser) => boolean;
  /** Whether the signed-in user may set other users' passwords. */
  readonly maySetPassword: boolean;
};

/** The flags of a row as short chips: what the user sees beyond its advertisers, and an inactive state. */
const Flags = ({ user }: { readonly user: AccountUser }) => (
  <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
    {user.state !== 'active' && (
      <Chip size="small" color="warning" variant="outlined" label={USER_STATE_LABELS[user.state]} />
    )}
    {user.view_all_kpis && <Chip size="small" variant="outlined" label="All KPIs" />}
    {user.view_all_campaigns && <Chip size="small" variant="outlined" label="All campaigns" />}
    {user.advertisers.length > 0 && (
      <Chip
        size="small"
        variant="outlined"
        label={user.advertisers.length === 1 ? '1 advertiser' : `${user.advertisers.length} advertisers`}
        title={user.advertisers.map((advertiser) => advertiser.name).join(', ')}
      />
    )}
  </Stack>
);

/**
 * The columns of the users grid: name, username, email, role (its label), organization (with the children's
 * users), flags and the row actions. Name, username, email and role sort and filter on the server (USER_LIST_SPEC).
 */
export const userColumns = (
  actions: UserRowActions,
  { showOrganization }: { readonly showOrganization: boolean },
): GridColDef<AccountUser>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'username', headerName: 'Username', flex: 0.8, minWidth: 130 },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
  {
    field: 'role',
    headerName: 'Role',
    width: 150,
    type: 'singleSelect',
    valueOptions: USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] })),
    valueFormatter: (value: AccountUser['role']) => USER_ROLE_LABELS[value],
  },
  ...(showOrganization
    ? [
        {
          field: 'organization',
          headerName: 'Organization',
          flex: 0.8,
          minWidth: 150,
          sortable: false,
          filterable: false,
          valueGetter: (value: AccountUser['organization']) => value.name,
        } satisfies GridColDef<AccountUser>,
      ]
    : []),
  {
    field: 'flags',
    headerName: 'Flags',
    flex: 1,
    minWidth: 190,
    renderCell: ({ row }) => <Flags user={row} />,
  },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 132,
    getActions: ({ row }) => {
      if (!actions.mayManage(row)) return [];
      const self = actions.isSelf(row);
      return [
        <GridActionsCellItem
          key="edit"
          icon={<EditOutlined />}
          label={`Edit ${row.name}`}
          onClick={() => actions.onEdit(row)}
        />,
        ...(self
          ? []
          : [
              ...(actions.maySetPassword
                ? [
                    <GridActionsCellItem
                      key="password"
                      icon={<LockResetOutlined />}
                      label={`Set the password of ${row.name}`}
                      onClick={() => actions.onSetPassword(row)}
                    />,
                  ]
                : []),
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutlined />}
                label={`Delete ${row.name}`}
                onClick={() => actions.onDelete(row)}
              />,
            ]),
      ];
    },
  },
];
