import { DECIMAL_MARK_LABELS, DECIMAL_MARKS, type DecimalMark } from '@beacon/domain/dictionary/users';
import { ZProfileForm } from '@beacon/domain/validation/user-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import type { SessionIdentity } from '../../../api/session';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import type { FieldErrors } from '../../../lib/form-errors';
import { hasErrors } from '../../../lib/form-errors';
import { formatNumber } from '../../../lib/format';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { updateProfile } from '../api/profile';
import { SectionCard } from '../components/SectionCard';
import { SectionSaveFooter } from '../components/SectionSave';
import { UploadField } from '../components/UploadField';
import { PROFILE_LOGO_RULE } from '../components/upload-rules';
import { schemaErrors, serverFieldErrors } from '../form';
import { refreshSession } from '../session-refresh';
import {
  isProfileDirty,
  type LogoChange,
  NO_LOGO_CHANGE,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
  profileChanges,
  profileValuesOf,
} from './profile-form';

const SAMPLE_NUMBER = 1234567.89;

type ProfileErrors = FieldErrors<ProfileField | 'logo'>;

/**
 * The user's own profile (spec §2 /account/profile): name, email, logo with its preview and decimal mark, saved
 * with PUT /user. The session is read again afterwards, so the app bar and number formatting follow at once.
 */
export const ProfileSection = ({ identity }: { readonly identity: SessionIdentity }) => {
  const id = useId();
  const saved = profileValuesOf(identity);
  const [values, setValues] = useState<ProfileValues>(saved);
  const [logo, setLogo] = useState<LogoChange>(NO_LOGO_CHANGE);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isDirty = isProfileDirty(saved, values, logo);
  useUnsavedChanges('account-profile', isDirty);

  const change = <TField extends ProfileField>(field: TField, value: ProfileValues[TField]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(schemaErrors(ZProfileForm, next));
  };

  const reset = (identityNow: SessionIdentity) => {
    setValues(profileValuesOf(identityNow));
    setLogo(NO_LOGO_CHANGE);
    setErrors({});
    setIsSubmitted(false);
    setFailure(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const found = schemaErrors<ProfileField>(ZProfileForm, values);
    setErrors(found);
    if (hasErrors(found)) return;
    setIsBusy(true);
    try {
      await updateProfile(profileChanges(saved, values, logo), logo.file);
      await refreshSession();
      const fresh = selectActiveIdentity(useSessionStore.getState());
      if (fresh) reset(fresh);
      enqueueSnackbar('Your profile has been saved', { variant: 'success' });
    } catch (error) {
      const fieldErrors = serverFieldErrors<ProfileField | 'logo'>(error, [...PROFILE_FIELDS, 'logo']);
      setErrors(fieldErrors);
      if (!hasErrors(fieldErrors)) {
        setFailure(errorMessage(error));
        if (!isApiError(error) || error.status !== 400) {
          enqueueSnackbar('Your profile could not be saved', { variant: 'error' });
        }
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <SectionCard title="Profile" description="How you appear in the console, and how it shows you numbers.">
      <Box component="form" onSubmit={submit} noValidate aria-label="Profile">
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Stack spacing={2.5}>
          <UploadField
            label="Logo"
            rule={PROFILE_LOGO_RULE}
            current={identity.image || null}
            file={logo.file}
            onFileChange={(file) => {
              setErrors(({ logo: _logo, ...rest }) => rest);
              setLogo((current) => ({ ...current, file }));
            }}
            onRemove={() => setLogo({ file: null, isRemoved: true })}
            isRemoved={logo.isRemoved}
            error={errors.logo}
            disabled={isBusy}
          />
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
            error={errors.name !== undefined}
            helperText={errors.name}
            required
            disabled={isBusy}
          />
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
            error={errors.email !== undefined}
            helperText={errors.email}
            required
            disabled={isBusy}
          />
          <FormControl error={errors.decimal_mark !== undefined} disabled={isBusy}>
            <FormLabel id={`${id}-decimal-mark`}>Decimal mark</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-decimal-mark`}
              aria-describedby={`${id}-decimal-mark-hint`}
              name="decimal_mark"
              value={values.decimal_mark}
              onChange={(event) => change('decimal_mark', event.target.value as DecimalMark)}
            >
              {DECIMAL_MARKS.map((mark) => (
                <FormControlLabel
                  key={mark}
                  value={mark}
                  control={<Radio />}
                  label={DECIMAL_MARK_LABELS[mark]}
                />
              ))}
            </RadioGroup>
            <FormHelperText id={`${id}-decimal-mark-hint`} sx={{ mx: 0 }}>
              {errors.decimal_mark ??
                `Numbers will read like ${formatNumber(SAMPLE_NUMBER, { decimalMark: values.decimal_mark, fractionDigits: 2 })}.`}
            </FormHelperText>
          </FormControl>
        </Stack>
        <SectionSaveFooter
          isDirty={isDirty}
          isBusy={isBusy}
          onDiscard={() => reset(identity)}
          submitLabel="Save profile"
        />
      </Box>
    </SectionCard>
  );
};
