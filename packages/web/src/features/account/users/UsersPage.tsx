import { USER_LIST_SPEC } from '@beacon/domain/validation/user-form';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListQuery } from '../../../api/list-query';
import type { SessionIdentity } from '../../../api/session';
import { usePageTitle } from '../../../app/branding';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { ConfirmWordDialog } from '../../../components/ConfirmWordDialog';
import { readGridUrlState, toListQuery } from '../../../components/data-grid/grid-url-state';
import { ServerDataGrid } from '../../../components/data-grid/ServerDataGrid';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { childrenQueryOptions } from '../api/organization';
import { type AccountUser, bulkUpdateUsers, deleteUser, USERS_QUERY_KEY, usersFetcher } from '../api/users';
import { BulkChangeDialog } from './BulkChangeDialog';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserChooserDialog } from './InviteUserChooserDialog';
import {
  invitableRoles,
  maySetPasswords,
  rolesAssignableIn,
  rolesAssignableInAll,
  userManagerOf,
} from './roles';
import { SetPasswordDialog } from './SetPasswordDialog';
import { selectedIds } from './user-form';
import { userColumns } from './users-columns';

/** The URL parameter of the children's users toggle (the grid keeps its own parameters next to it). */
const CHILDREN_PARAM = 'children';
const DELETE_WORD = 'Delete';
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

const usersText = (count: number): string => (count === 1 ? '1 user' : `${count} users`);

const UsersGrid = ({ identity }: { readonly identity: SessionIdentity }) => {
  const dialogs = useDialogStack();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const manager = useMemo(() => userManagerOf(identity), [identity]);
  const organizationId = identity.organization.id;
  const children = useQuery(childrenQueryOptions(organizationId));
  const hasChildren = (children.data?.length ?? 0) > 0;
  const includeChildren = hasChildren && searchParams.get(CHILDREN_PARAM) === '1';
  const fetcher = useMemo(
    () => usersFetcher(organizationId, includeChildren),
    [organizationId, includeChildren],
  );
  const queryKey = useMemo(
    () => [...USERS_QUERY_KEY, organizationId, includeChildren ? 'with-children' : 'own'],
    [organizationId, includeChildren],
  );

  // The grid's own page (same key and query, so the same cached answer): its rows name the selection.
  const listQuery = useMemo(
    () => toListQuery(readGridUrlState(searchParams, USER_LIST_SPEC)),
    [searchParams],
  );
  const rows = useListQuery(queryKey, fetcher, listQuery).data?.rows ?? [];
  const selectedUsers = (() => {
    const ids = selectedIds(
      selection,
      rows.map((row) => row.id),
    );
    return rows.filter((row) => ids.includes(row.id));
  })();
  const clearSelection = () => setSelection(EMPTY_SELECTION);
  const roles = invitableRoles(manager);

  const columns = useMemo(
    () =>
      userColumns(
        {
          mayManage: (user) => rolesAssignableIn(manager, user.organization.id).includes(user.role),
          isSelf: (user) => user.id === identity.user.id,
          maySetPassword: maySetPasswords(manager),
          onEdit: (user) =>
            dialogs.open(
              `edit-user-${user.id}`,
              <EditUserDialog
                user={user}
                assignableRoles={rolesAssignableIn(manager, user.organization.id)}
                isSelf={user.id === identity.user.id}
              />,
            ),
          onSetPassword: (user) => dialogs.open(`set-password-${user.id}`, <SetPasswordDialog user={user} />),
          onDelete: (user) =>
            dialogs.open(
              `delete-user-${user.id}`,
              <ConfirmWordDialog
                title={`Delete ${user.name}?`}
                description={`${user.name} (${user.username}) will no longer be able to log in, and leaves the users list. What ${user.name} did stays in the history.`}
                word={DELETE_WORD}
                confirmLabel="Delete user"
                isDestructive
                onConfirm={async () => {
                  await deleteUser(user.organization.id, user.id);
                  await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
                  enqueueSnackbar(`${user.name} has been deleted`, { variant: 'success' });
                }}
              />,
            ),
        },
        { showOrganization: includeChildren },
      ),
    [manager, identity.user.id, includeChildren, dialogs, queryClient],
  );

  const openBulkChange = () =>
    dialogs.open(
      'bulk-change-users',
      <BulkChangeDialog
        organizationId={organizationId}
        ids={selectedUsers.map((user) => user.id)}
        roles={rolesAssignableInAll(
          manager,
          selectedUsers.map((user) => user.organization.id),
        )}
        onDone={clearSelection}
      />,
    );

  const openBulkDelete = () => {
    const ids = selectedUsers.map((user) => user.id);
    dialogs.open(
      'bulk-delete-users',
      <ConfirmWordDialog
        title={`Delete ${usersText(ids.length)}?`}
        description={`${selectedUsers.map((user) => user.name).join(', ')} will no longer be able to log in. What they did stays in the history.`}
        word={DELETE_WORD}
        confirmLabel={`Delete ${usersText(ids.length)}`}
        isDestructive
        onConfirm={async () => {
          await bulkUpdateUsers(organizationId, { ids, changes: { state: 'deleted' } });
          await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
          clearSelection();
          enqueueSnackbar(`${usersText(ids.length)} deleted`, { variant: 'success' });
        }}
      />,
    );
  };

  const toggleChildren = (checked: boolean) => {
    clearSelection();
    const next = new URLSearchParams(searchParams);
    if (checked) next.set(CHILDREN_PARAM, '1');
    else next.delete(CHILDREN_PARAM);
    next.delete('page');
    setSearchParams(next, { replace: true });
  };

  const manageableSelection = selectedUsers.filter(
    (user) =>
      user.id !== identity.user.id && rolesAssignableIn(manager, user.organization.id).includes(user.role),
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography color="text.secondary">
          {includeChildren
            ? `People who log in to ${identity.organization.name} and its child organizations.`
            : `People who log in to ${identity.organization.name}.`}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          {hasChildren && (
            <FormControlLabel
              control={
                <Switch
                  checked={includeChildren}
                  onChange={(event) => toggleChildren(event.target.checked)}
                />
              }
              label="Include child organizations"
            />
          )}
          {roles.length > 0 && (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1Outlined />}
              onClick={() => dialogs.open('invite-user', <InviteUserChooserDialog />)}
            >
              Invite user
            </Button>
          )}
        </Stack>
      </Stack>
      {selectedUsers.length > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Selected users"
          sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography sx={{ fontWeight: 600, mr: 1 }}>{usersText(selectedUsers.length)} selected</Typography>
          <Button
            startIcon={<TuneOutlined />}
            onClick={openBulkChange}
            disabled={manageableSelection.length !== selectedUsers.length}
          >
            Change
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={openBulkDelete}
            disabled={manageableSelection.length !== selectedUsers.length}
          >
            Delete
          </Button>
          <Box sx={{ flex: 1 }} />
          {manageableSelection.length !== selectedUsers.length && (
            <Typography variant="body2" color="text.secondary">
              The selection holds users you cannot change (yourself, or a role you cannot give).
            </Typography>
          )}
          <Button onClick={clearSelection}>Clear selection</Button>
        </Paper>
      )}
      <ServerDataGrid<AccountUser>
        spec={USER_LIST_SPEC}
        columns={columns}
        queryKey={queryKey}
        fetcher={fetcher}
        label="Users"
        searchLabel="Search users"
        // The server filters: an empty page after a search or a filter is "no match", not "no users".
        emptyText={
          listQuery.search || listQuery.filters.length > 0
            ? 'No user matches this search or filter.'
            : 'No users yet. Invite the first one.'
        }
        noResultsText="No user matches this search or filter."
        checkboxSelection
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        height={640}
      />
    </Stack>
  );
};

/**
 * /account/users (spec §2, §6 "account users"): the users of the organization, and of its children on request,
 * with search, sort, filters and paging in the URL; invite (one dialog per role), edit, set password, delete,
 * and bulk changes of the selected users.
 */
export const UsersPage = () => {
  usePageTitle('Users');
  const identity = useSessionStore(selectActiveIdentity);
  if (!identity) return null;
  return <UsersGrid key={`${identity.user.id}-${identity.organization.id}`} identity={identity} />;
};
