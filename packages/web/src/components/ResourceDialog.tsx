import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { useDialogStack, useStackedDialog } from '../app/dialogs/dialog-stack';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid';
import { DiscardChangesDialog } from './DiscardChangesDialog';

export type ResourceDialogProps = {
  /** The dialog's accessible name. */
  readonly title: ReactNode;
  readonly onSubmit: (event: FormEvent) => void;
  /** "Create", "Save", "Upload"… */
  readonly submitLabel: string;
  /** While saving: Escape, the backdrop and Cancel do nothing, the fields are the caller's to disable. */
  readonly isBusy: boolean;
  /** Changed and not saved: Escape, the backdrop and Cancel ask before discarding the changes. */
  readonly isDirty?: boolean;
  /** A failure that belongs to no field, shown above the form. */
  readonly failure?: string | undefined;
  /** A button beside the failure (a stale version's `ReloadButton`). */
  readonly failureAction?: ReactNode;
  /**
   * Each new value moves the focus to the first invalid field (`useResourceSave`'s `failedAttempts`): a long
   * form whose message may be out of sight.
   */
  readonly focusRequest?: number;
  readonly maxWidth?: DialogProps['maxWidth'];
  readonly fullScreen?: boolean;
  /** Divider lines above and below the fields (the default). */
  readonly dividers?: boolean;
  /** The fields, stacked. */
  readonly children: ReactNode;
};

/**
 * The one skeleton of the resource dialogs (spec §2, §3): a stacked dialog named by its title, a form whose
 * fields are stacked under the failure that belongs to no field, and Cancel and submit. The form's state,
 * its checks and the server's field errors live in `useResourceSave` (lib/use-resource-save.ts); unsaved
 * changes raise the §2 flag there, which blocks navigation, and closing the dialog asks before discarding them.
 */
export const ResourceDialog = ({
  title,
  onSubmit,
  submitLabel,
  isBusy,
  isDirty = false,
  failure,
  failureAction,
  focusRequest = 0,
  maxWidth = 'sm',
  fullScreen,
  dividers = true,
  children,
}: ResourceDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const stack = useDialogStack();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, focusRequest);
  const requestClose = () => {
    if (isBusy) return;
    if (!isDirty) {
      close();
      return;
    }
    stack.open('discard-changes', <DiscardChangesDialog onDiscard={close} onKeepEditing={() => undefined} />);
  };
  return (
    <Dialog
      {...dialogProps}
      onClose={requestClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      {/* Growing to the dialog's height keeps a full-screen dialog's actions at the bottom. */}
      <Box
        component="form"
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers={dividers}>
          <Stack spacing={2.5} sx={dividers ? undefined : { pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert" action={failureAction}>
                {failure}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/**
 * Reload, beside the failure of a stale version (`useResourceSave`'s `isStale` and `reload`): the row read
 * again, with what was typed kept (lib/use-reloadable-form.ts).
 */
export const ReloadButton = ({ onClick }: { readonly onClick: () => void }) => (
  <Button color="inherit" size="small" onClick={onClick}>
    Reload
  </Button>
);
