import type { TOrganizationCreate, TOrganizationUpdate } from '@beacon/domain/validation/organization-form';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import TrackChangesOutlined from '@mui/icons-material/TrackChangesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useDialogStack, useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { PlannerMapButton } from '../../../components/organization/PlannerMapButton';
import { PostbackPixelDialog } from '../../../components/organization/PostbackPixelDialog';
import { ReloadButton } from '../../../components/ResourceDialog';
import { formatDate } from '../../../lib/format';
import { isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useReloadableForm } from '../../../lib/use-reloadable-form';
import { createOrganization } from '../api/create-organization';
import { fetchOrganization, useOrganization } from '../api/get-organization';
import { operatorStaffQueryOptions } from '../api/operator-staff';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from '../api/organization';
import { updateOrganization } from '../api/update-organization';
import {
  checkCreateForm,
  checkUpdateForm,
  EMPTY_ORGANIZATION_FORM,
  errorsOfDetails,
  type FormCheck,
  type FormErrors,
  isFormDirty,
  type MainUserValues,
  type OrganizationFormValues,
  organizationFormOf,
  withLegalEntity,
} from '../utils/organization-form';
import {
  isShownErrorKey,
  type SectionDefinition,
  type SectionId,
  sectionErrorCount,
  visibleSections,
} from '../utils/organization-sections';
import {
  type OrganizationFiles,
  OrganizationFormSections,
  type RemovedImages,
  sectionDomId,
} from './OrganizationFormSections';

const NO_FILES: OrganizationFiles = { logo: null, favicon: null };
const NOTHING_REMOVED: RemovedImages = { logo: false, favicon: false };

type Failure = { readonly message: string; readonly isStale: boolean };

/**
 * The operator's staff, who may be an organization's contacts. The back office is for the operator's staff
 * (§6 internal roles), so the organization of the user in use is the operator's own.
 */
const useStaff = () => {
  const operatorOrganizationId = useSessionStore((state) => selectActiveIdentity(state)?.organization.id);
  const query = useQuery({
    ...operatorStaffQueryOptions(operatorOrganizationId ?? 0),
    enabled: operatorOrganizationId !== undefined,
  });
  return { users: query.data ?? [], isLoading: query.isLoading, isUnavailable: query.isError };
};

/** The sections as links: a long form is easier to move around, and each shows how many errors it holds. */
const SectionNav = ({
  sections,
  errors,
  onGo,
}: {
  sections: readonly SectionDefinition[];
  errors: FormErrors;
  onGo: (id: SectionId) => void;
}) => (
  <Box
    component="nav"
    aria-label="Form sections"
    sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 0, alignSelf: 'start', pt: 2 }}
  >
    <List dense disablePadding>
      {sections.map((section) => {
        const count = sectionErrorCount(errors, section);
        return (
          <ListItem key={section.id} disablePadding>
            <ListItemButton
              onClick={() => onGo(section.id)}
              sx={{ borderRadius: 1, py: 0.5 }}
              aria-label={count > 0 ? `${section.title}, ${count} to fix` : section.title}
            >
              <ListItemText
                primary={section.title}
                slotProps={{ primary: { variant: 'body2', color: count > 0 ? 'error' : 'text.primary' } }}
              />
              {count > 0 && <ErrorOutlined color="error" sx={{ fontSize: 18 }} aria-hidden />}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  </Box>
);

type OrganizationFormDialogProps = {
  /** null creates a new organization. */
  readonly organization: Organization | null;
};

const OrganizationFormDialog = ({ organization }: OrganizationFormDialogProps) => {
  const { dialogProps, close } = useStackedDialog();
  const stack = useDialogStack();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const isFullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const mode = organization ? 'edit' : 'create';
  const staff = useStaff();

  const formOf = (row: Organization | null) => (row ? organizationFormOf(row) : EMPTY_ORGANIZATION_FORM);
  const { row: source, initial, values, setValues, rebase } = useReloadableForm(organization, formOf);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isTaxIdTouched, setIsTaxIdTouched] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [isBusy, setIsBusy] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const [files, setFiles] = useState(NO_FILES);
  const [removed, setRemoved] = useState(NOTHING_REMOVED);
  const [focusRequest, setFocusRequest] = useState(0);

  const isDirty =
    !isSaved &&
    (isFormDirty(values, initial) ||
      files.logo !== null ||
      files.favicon !== null ||
      removed.logo ||
      removed.favicon);
  useUnsavedChanges(`organization-dialog-${organization?.id ?? 'new'}`, isDirty);

  // After a failed submit, the first field in error takes the focus (and scrolls into view).
  useFocusFirstInvalid(contentRef, focusRequest);

  const change = (next: OrganizationFormValues) => {
    setValues(next);
    if (isSubmitted) {
      const result = source ? checkUpdateForm(next, initial, source.version) : checkCreateForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const requestClose = () => {
    if (isBusy) return;
    if (!isDirty) {
      close();
      return;
    }
    stack.open(
      'discard-organization-changes',
      <DiscardChangesDialog onDiscard={close} onKeepEditing={() => undefined} />,
    );
  };

  const showFailure = (error: unknown) => {
    const details = isApiError(error) ? error.details : [];
    const fieldErrors = errorsOfDetails(details);
    const unshown = Object.entries(fieldErrors).filter(([key]) => !isShownErrorKey(key));
    setErrors(fieldErrors);
    if (details.length === 0 || unshown.length > 0) {
      setFailure({
        message: unshown.length > 0 ? unshown.map(([, message]) => message).join(' ') : errorMessage(error),
        // Someone saved the organization since it was read: reloading it is the way on.
        isStale: isStaleVersionError(error),
      });
    }
    setFocusRequest((request) => request + 1);
  };

  // Their changes arrive; the fields, images and removals this user changed keep what was typed or chosen.
  const reload = async () => {
    if (!source) return;
    try {
      rebase(await fetchOrganization(source.id));
      setFailure(undefined);
    } catch (error) {
      setFailure({ message: errorMessage(error), isStale: false });
    }
  };

  const create = async (body: TOrganizationCreate): Promise<Organization> => {
    const created = await createOrganization(body);
    if (files.logo === null && files.favicon === null) return created;
    // The organization exists now: a failed upload must not lead the user to create it twice.
    try {
      return await updateOrganization(created.id, { version: created.version }, files);
    } catch (error) {
      enqueueSnackbar(`The organization was created, but its images were not saved: ${errorMessage(error)}`, {
        variant: 'warning',
      });
      return created;
    }
  };

  const update = (id: number, body: TOrganizationUpdate): Promise<Organization> =>
    updateOrganization(
      id,
      {
        ...body,
        ...(removed.logo && !files.logo ? { image: null } : {}),
        ...(removed.favicon && !files.favicon ? { favicon: null } : {}),
      },
      files,
    );

  /** The request the form asks for, once its values pass the schema. */
  const prepare = (): FormCheck<() => Promise<Organization>> => {
    if (source) {
      const result = checkUpdateForm(values, initial, source.version);
      return result.ok ? { ok: true, body: () => update(source.id, result.body) } : result;
    }
    const result = checkCreateForm(values);
    return result.ok ? { ok: true, body: () => create(result.body) } : result;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const request = prepare();
    if (!request.ok) {
      setErrors(request.errors);
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const saved = await request.body();
      setIsSaved(true);
      await queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY });
      enqueueSnackbar(source ? `${saved.name} saved` : `${saved.name} created`, { variant: 'success' });
      close();
    } catch (error) {
      showFailure(error);
    } finally {
      setIsBusy(false);
    }
  };

  const sections = visibleSections(mode, values.role);
  const errorCount = Object.keys(errors).length;

  return (
    <Dialog
      {...dialogProps}
      onClose={requestClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={isFullScreen}
      slotProps={{ ...dialogProps.slotProps, paper: { sx: { height: { sm: 'calc(100% - 64px)' } } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <DialogTitle id={titleId} sx={{ pb: 1 }}>
          {source ? `Edit ${source.name}` : 'New organization'}
          {source && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              #{source.id} · created {formatDate(source.created_at)}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent dividers ref={contentRef} sx={{ py: 0 }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '180px minmax(0, 1fr)' },
              columnGap: 3,
            }}
          >
            <SectionNav
              sections={sections}
              errors={errors}
              onGo={(id) =>
                document
                  .getElementById(sectionDomId(id))
                  ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
              }
            />
            <Box>
              {(failure || errorCount > 0) && (
                <Alert
                  severity="error"
                  sx={{ mt: 2 }}
                  action={failure?.isStale ? <ReloadButton onClick={() => void reload()} /> : undefined}
                >
                  {failure?.message ??
                    `Check the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.`}
                </Alert>
              )}
              <OrganizationFormSections
                mode={mode}
                organization={source}
                values={values}
                errors={errors}
                isTaxIdChecked={isTaxIdTouched || isSubmitted}
                onTaxIdBlur={() => setIsTaxIdTouched(true)}
                onChange={(changes) => change({ ...values, ...changes })}
                onLegalEntity={(legalEntity) => change(withLegalEntity(values, legalEntity))}
                onMainUser={(changes: Partial<MainUserValues>) =>
                  change({ ...values, main_user: { ...values.main_user, ...changes } })
                }
                staff={staff}
                files={files}
                removed={removed}
                onFile={(field, file) => setFiles((current) => ({ ...current, [field]: file }))}
                onRemoveImage={(field) => setRemoved((current) => ({ ...current, [field]: true }))}
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          {source && (
            <Box sx={{ display: 'flex', gap: 1, mr: 'auto', flexWrap: 'wrap' }}>
              <PlannerMapButton organizationId={source.id} size="small" />
              <Button
                size="small"
                variant="outlined"
                startIcon={<TrackChangesOutlined />}
                onClick={() =>
                  stack.open(
                    'organization-postback-pixel',
                    <PostbackPixelDialog organizationId={source.id} />,
                  )
                }
              >
                Conversion pixels
              </Button>
            </Box>
          )}
          <Button onClick={requestClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {source ? 'Save changes' : 'Create organization'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/** While the organization loads, or when it cannot be read. */
const LoadingDialog = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { dialogProps, close } = useStackedDialog();
  const titleId = useId();
  return (
    <Dialog {...dialogProps} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Organization</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the organization" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {Boolean(error) && (
          <Button variant="contained" onClick={onRetry}>
            Try again
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

const EditOrganizationDialog = ({ organizationId }: { organizationId: number }) => {
  const query = useOrganization(organizationId);
  if (!query.data) return <LoadingDialog error={query.error} onRetry={() => void query.refetch()} />;
  return <OrganizationFormDialog organization={query.data} />;
};

export type OrganizationDialogProps = {
  /** The organization to edit; null for a new one. */
  readonly organizationId: number | null;
};

/**
 * The organization dialog of §2: every field of the §3 creation form in sections, checked with the domain's
 * schema on submit (then on every change), the server's answers shown on their fields. Closing with unsaved
 * changes asks first, and navigation is blocked meanwhile (§2).
 */
export const OrganizationDialog = ({ organizationId }: OrganizationDialogProps) =>
  organizationId === null ? (
    <OrganizationFormDialog organization={null} />
  ) : (
    <EditOrganizationDialog organizationId={organizationId} />
  );
