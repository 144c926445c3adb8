/**
 * The "Views" menu of a grid: the user's saved views of it (docs/api.md "Saved views") to apply, the current
 * search, filters, sort and columns to save under a name, and a dialog to rename or delete them (a delete asks
 * first). What the server refuses (a name taken, a full grid, demo mode) is shown where it was asked.
 */
import {
  SAVED_VIEW_NAME_MAX_LENGTH,
  type TSavedView,
  type TSavedViewState,
  ZSavedViewName,
} from '@beacon/domain/api/saved-views';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { enqueueSnackbar } from '../../lib/snackbar';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import {
  createSavedView,
  deleteSavedView,
  SAVED_VIEWS_QUERY_KEY,
  updateSavedView,
  useSavedViews,
} from './saved-views-api';

type NameDialogProps = {
  readonly title: string;
  readonly submitLabel: string;
  readonly initialName: string;
  /** Saves the name; a failure's message is shown in the dialog, which stays open. */
  readonly onSubmit: (name: string) => Promise<void>;
  readonly onClose: () => void;
};

/** Asks for a view's name (1–60 characters) and shows the server's refusal under the field. */
const NameDialog = ({ title, submitLabel, initialName, onSubmit, onClose }: NameDialogProps) => {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSavedViewName.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setIsBusy(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="View name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(undefined);
            }}
            error={problem !== undefined}
            helperText={problem ?? `Up to ${SAVED_VIEW_NAME_MAX_LENGTH} characters`}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX_LENGTH + 20 } }}
            sx={{ mt: 1 }}
            disabled={isBusy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

type DeleteDialogProps = {
  readonly view: TSavedView;
  readonly onClose: () => void;
  readonly onDeleted: () => void;
};

const DeleteDialog = ({ view, onClose, onDeleted }: DeleteDialogProps) => (
  <ConfirmDeleteDialog
    title={`Delete the view "${view.name}"?`}
    message="The view is removed for good. The rows it showed are not changed."
    onDelete={async () => {
      await deleteSavedView(view.id);
    }}
    onClose={onClose}
    onDeleted={onDeleted}
  />
);

type ManageDialogProps = {
  readonly views: readonly TSavedView[];
  readonly onRename: (view: TSavedView) => void;
  readonly onDelete: (view: TSavedView) => void;
  readonly onClose: () => void;
};

const ManageDialog = ({ views, onRename, onDelete, onClose }: ManageDialogProps) => {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Saved views</DialogTitle>
      <DialogContent dividers>
        {views.length === 0 ? (
          <DialogContentText>No saved views.</DialogContentText>
        ) : (
          <List dense aria-labelledby={titleId}>
            {views.map((view) => (
              <ListItem
                key={view.id}
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <IconButton aria-label={`Rename ${view.name}`} onClick={() => onRename(view)}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={`Delete ${view.name}`} onClick={() => onDelete(view)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};

type Props = {
  /** The grid's key among the user's views (`campaigns.list`). */
  readonly grid: string;
  /** What "Save current view" stores. */
  readonly current: TSavedViewState;
  readonly onApply: (view: TSavedView) => void;
};

type Open =
  | { readonly dialog: 'save' }
  | { readonly dialog: 'manage' }
  | { readonly dialog: 'rename'; readonly view: TSavedView }
  | { readonly dialog: 'delete'; readonly view: TSavedView };

export const SavedViewsMenu = ({ grid, current, onApply }: Props) => {
  const menuId = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [open, setOpen] = useState<Open>();
  const queryClient = useQueryClient();
  const views = useSavedViews(grid);
  const list = views.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_QUERY_KEY });
  const closeMenu = () => setIsMenuOpen(false);
  const show = (next: Open) => {
    closeMenu();
    setOpen(next);
  };
  const closeDialog = () => setOpen(undefined);
  const backToManage = () => setOpen({ dialog: 'manage' });

  return (
    <>
      <Button
        ref={anchor}
        variant="text"
        startIcon={<BookmarkBorder />}
        aria-haspopup="menu"
        aria-expanded={isMenuOpen}
        aria-controls={isMenuOpen ? menuId : undefined}
        onClick={() => setIsMenuOpen(true)}
      >
        Views
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={isMenuOpen}
        onClose={closeMenu}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360 } }, list: { 'aria-label': 'Saved views' } }}
      >
        {views.isError && (
          <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
            {errorMessage(views.error)}
          </MenuItem>
        )}
        {!views.isError && list.length === 0 && (
          <MenuItem disabled>{views.isLoading ? 'Loading…' : 'No saved views yet'}</MenuItem>
        )}
        {list.map((view) => (
          <MenuItem
            key={view.id}
            onClick={() => {
              closeMenu();
              onApply(view);
            }}
          >
            <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => show({ dialog: 'save' })}>Save current view…</MenuItem>
        <MenuItem onClick={() => show({ dialog: 'manage' })} disabled={list.length === 0}>
          Manage views…
        </MenuItem>
      </Menu>
      {open?.dialog === 'save' && (
        <NameDialog
          title="Save current view"
          submitLabel="Save"
          initialName=""
          onClose={closeDialog}
          onSubmit={async (name) => {
            await createSavedView({ grid, name, state: current });
            await refresh();
            enqueueSnackbar(`View "${name}" saved`, { variant: 'success' });
          }}
        />
      )}
      {open?.dialog === 'manage' && (
        <ManageDialog
          views={list}
          onClose={closeDialog}
          onRename={(view) => setOpen({ dialog: 'rename', view })}
          onDelete={(view) => setOpen({ dialog: 'delete', view })}
        />
      )}
      {open?.dialog === 'rename' && (
        <NameDialog
          title={`Rename the view "${open.view.name}"`}
          submitLabel="Rename"
          initialName={open.view.name}
          onClose={backToManage}
          onSubmit={async (name) => {
            await updateSavedView(open.view.id, { name });
            await refresh();
          }}
        />
      )}
      {open?.dialog === 'delete' && (
        <DeleteDialog
          view={open.view}
          onClose={backToManage}
          onDeleted={() => {
            void refresh();
            enqueueSnackbar(`View "${open.view.name}" deleted`, { variant: 'success' });
          }}
        />
      )}
    </>
  );
};
