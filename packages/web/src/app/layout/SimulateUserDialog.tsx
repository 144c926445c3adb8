import { USER_ROLE_LABELS } from '@beacon/domain/dictionary/roles';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { type SimulatableUser, searchSimulatableUsers } from '../../api/session';
import { useStackedDialog } from '../dialogs/dialog-stack';
import { startSimulation } from '../session/session-actions';
import { useSessionStore } from '../session/session-store';
import { initialsOf } from './initials';

const SEARCH_DELAY_MS = 300;

const useDebounced = (value: string, delay: number): string => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};

/**
 * Simulated User (§2 user menu): search the users the real user may simulate (GET /session/users?search=) and
 * start simulating one (POST /login {token}). Grants are short-lived and single-use, so every search asks the
 * server again instead of reading the cache.
 */
export const SimulateUserDialog = () => {
  const { dialogProps, close } = useStackedDialog();
  const realToken = useSessionStore((state) => state.session?.token ?? null);
  const currentSimulation = useSessionStore((state) => state.session?.simulation?.user.id ?? null);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [startingId, setStartingId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();

  const users = useQuery({
    queryKey: ['session-users', realToken, debouncedSearch],
    queryFn: ({ signal }) => searchSimulatableUsers(debouncedSearch, realToken ?? '', signal),
    enabled: realToken !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const simulate = async (user: SimulatableUser) => {
    setStartingId(user.id);
    setFailure(undefined);
    try {
      await startSimulation(user);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
      void users.refetch();
    } finally {
      setStartingId(null);
    }
  };

  const rows = (users.data ?? []).filter((user) => user.id !== currentSimulation);

  return (
    <Dialog {...dialogProps} aria-labelledby="simulate-user-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="simulate-user-title">Simulate a user</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 360 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          See the console as another user sees it. What you do while simulating is recorded with your name.
        </Typography>
        <TextField
          autoFocus
          label="Search users"
          placeholder="Name, username or organization"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden />
                </InputAdornment>
              ),
              endAdornment: users.isFetching ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label="Searching" />
                </InputAdornment>
              ) : null,
            },
          }}
        />
        {(failure ?? users.error) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure ?? errorMessage(users.error)}
          </Alert>
        )}
        {users.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            {debouncedSearch ? `No user matches “${debouncedSearch}”.` : 'There is nobody you may simulate.'}
          </Typography>
        )}
        <List aria-label="Users" sx={{ mt: 1 }}>
          {rows.map((user) => (
            <ListItem key={user.id} disablePadding>
              <ListItemButton
                onClick={() => void simulate(user)}
                disabled={startingId !== null}
                sx={{ borderRadius: 1.5 }}
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 14 }} aria-hidden>
                    {initialsOf(user.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={user.name}
                  secondary={`${user.username} · ${USER_ROLE_LABELS[user.role]} · ${user.organization.name}`}
                />
                {startingId === user.id && (
                  <Box sx={{ display: 'flex' }}>
                    <CircularProgress size={20} aria-label={`Starting to simulate ${user.name}`} />
                  </Box>
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
};
