import { TITLE_MAX_LENGTH } from '@beacon/domain/validation/organization-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error';
import { initialsOf } from '../../../app/layout/initials';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { accessiblePrimary } from '../../../app/theme';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { type FieldErrors, hasErrors } from '../../../lib/form-errors';
import { type AccountOrganization, organizationQueryOptions, updateBranding } from '../api/organization';
import { SectionCard } from '../components/SectionCard';
import { SectionFailureAlert, SectionSaveFooter, useSectionSave } from '../components/SectionSave';
import { UploadField } from '../components/UploadField';
import { FAVICON_RULE, ORGANIZATION_LOGO_RULE } from '../components/upload-rules';
import { useObjectUrl } from '../components/use-object-url';
import { serverFieldErrors } from '../form';
import { refreshSession } from '../session-refresh';
import { BrandingPreview } from './BrandingPreview';
import {
  BRANDING_FIELDS,
  type BrandingField,
  type BrandingFileChanges,
  type BrandingValues,
  brandingErrors,
  brandingPayload,
  brandingValuesOf,
  fileRemovals,
  isBrandingDirty,
  NO_FILE_CHANGES,
  normalizeColor,
} from './branding-form';

type BrandingErrors = FieldErrors<BrandingField | 'logo' | 'favicon'>;

export const STALE_BRANDING_MESSAGE =
  'Somebody else changed the branding while you were editing. The saved branding is shown again: make your changes once more.';

/** The form, once the organization (with its `version`) is loaded. */
const BrandingForm = ({ organization }: { readonly organization: AccountOrganization }) => {
  const userName = useSessionStore((state) => selectActiveIdentity(state)?.user.name ?? '');
  const saved = brandingValuesOf(organization);
  const [values, setValues] = useState<BrandingValues>(saved);
  const [files, setFiles] = useState<BrandingFileChanges>(NO_FILE_CHANGES);
  const [errors, setErrors] = useState<BrandingErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const logoUrl = useObjectUrl(files.logo.file);
  const faviconUrl = useObjectUrl(files.favicon.file);
  const isDirty = isBrandingDirty(saved, values, files);
  useUnsavedChanges('account-branding', isDirty);

  const color = normalizeColor(values.color);
  const shownColor = color ? accessiblePrimary(color) : null;

  const change = (field: BrandingField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(brandingErrors(next));
  };

  const reset = (source: AccountOrganization) => {
    setValues(brandingValuesOf(source));
    setFiles(NO_FILE_CHANGES);
    setErrors({});
    setIsSubmitted(false);
  };

  const section = useSectionSave({
    organization,
    reset,
    showsFieldErrors: (error) => {
      const { image, ...fieldErrors } = serverFieldErrors(error, [
        ...BRANDING_FIELDS,
        'image',
        'logo',
        'favicon',
      ]);
      if (image !== undefined && fieldErrors.logo === undefined) fieldErrors.logo = image;
      setErrors(fieldErrors);
      return hasErrors(fieldErrors);
    },
    staleMessage: STALE_BRANDING_MESSAGE,
    savedMessage: 'The branding has been saved',
    notSavedMessage: 'The branding could not be saved',
    // The console's theme, logo, title and favicon come from the session's customization.
    afterSave: refreshSession,
    // The console shows what is saved now, too.
    afterStale: () => refreshSession().catch(() => undefined),
  });
  const { isBusy } = section;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    section.clearFailure();
    const found = brandingErrors(values);
    setErrors(found);
    if (hasErrors(found)) return;
    void section.save(() =>
      updateBranding(
        organization.id,
        { ...brandingPayload(values), ...fileRemovals(files), version: organization.version },
        { logo: files.logo.file, favicon: files.favicon.file },
      ),
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box component="form" onSubmit={submit} noValidate aria-label="Organization branding">
        <SectionFailureAlert failure={section.failure} />
        <Stack spacing={2.5}>
          <TextField
            label="Title"
            name="title"
            value={values.title}
            onChange={(event) => change('title', event.target.value)}
            error={errors.title !== undefined}
            helperText={errors.title ?? 'Shown in the browser tab and on the login page.'}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH + 20 } }}
            disabled={isBusy}
          />
          <TextField
            label="Colour"
            name="color"
            value={values.color}
            onChange={(event) => change('color', event.target.value)}
            error={errors.color !== undefined}
            helperText={
              errors.color ??
              (color && shownColor !== color
                ? `Shown as ${shownColor}, darker, so that white text on it stays readable.`
                : 'A hexadecimal colour, such as #0b6e4f.')
            }
            placeholder="#0b6e4f"
            disabled={isBusy}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      component="input"
                      type="color"
                      aria-label="Pick the colour"
                      value={color ?? '#1f5eff'}
                      onChange={(event: ChangeEvent<HTMLInputElement>) => change('color', event.target.value)}
                      disabled={isBusy}
                      sx={{
                        width: 32,
                        height: 32,
                        p: 0,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                        bgcolor: 'transparent',
                        cursor: 'pointer',
                      }}
                    />
                  </InputAdornment>
                ),
              },
            }}
          />
          <UploadField
            label="Logo"
            rule={ORGANIZATION_LOGO_RULE}
            current={organization.image}
            file={files.logo.file}
            onFileChange={(file) => setFiles((current) => ({ ...current, logo: { ...current.logo, file } }))}
            onRemove={() => setFiles((current) => ({ ...current, logo: { file: null, isRemoved: true } }))}
            isRemoved={files.logo.isRemoved}
            error={errors.logo}
            previewSize={{ width: 160, height: 64 }}
            disabled={isBusy}
          />
          <UploadField
            label="Favicon"
            rule={FAVICON_RULE}
            current={organization.favicon}
            file={files.favicon.file}
            onFileChange={(file) =>
              setFiles((current) => ({ ...current, favicon: { ...current.favicon, file } }))
            }
            onRemove={() => setFiles((current) => ({ ...current, favicon: { file: null, isRemoved: true } }))}
            isRemoved={files.favicon.isRemoved}
            error={errors.favicon}
            previewSize={{ width: 64, height: 64 }}
            disabled={isBusy}
          />
        </Stack>
        <SectionSaveFooter
          isDirty={isDirty}
          isBusy={isBusy}
          onDiscard={() => reset(organization)}
          submitLabel="Save branding"
        />
      </Box>
      <BrandingPreview
        title={values.title}
        color={color ?? null}
        logoUrl={logoUrl ?? (files.logo.isRemoved ? null : organization.image)}
        faviconUrl={faviconUrl ?? (files.favicon.isRemoved ? null : organization.favicon)}
        initials={initialsOf(userName)}
      />
    </Box>
  );
};

/**
 * Organization branding (spec §1, §3: a customized organization's own logo, title, favicon and colour), saved
 * with PUT /v2/organization/{id} and followed at once by the console (the session's customization is read
 * again). The organization's host identities are the operator's business, not shown here.
 */
export const BrandingSection = ({ organizationId }: { readonly organizationId: number }) => {
  const organization = useQuery(organizationQueryOptions(organizationId));
  return (
    <SectionCard
      title="Organization branding"
      description="Your logo, title, favicon and colour, on the console and on the login page of your own address."
    >
      {organization.isPending && (
        <Skeleton variant="rounded" height={320} aria-label="Loading the branding" />
      )}
      {organization.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void organization.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(organization.error)}
        </Alert>
      )}
      {organization.data && <BrandingForm organization={organization.data} />}
    </SectionCard>
  );
};
