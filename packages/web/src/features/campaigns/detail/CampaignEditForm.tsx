/**
 * One editable part of a campaign (a tab): its fields, Save and Cancel. The body carries the changed fields
 * and the version read; a stale version (409 `STALE_VERSION`) says someone else changed the campaign and offers a reload that
 * keeps what this user typed on top of the fresh campaign. Unsaved changes raise the §2 flag.
 */
import { campaignCreateSchema, campaignUpdateSchema } from '@beacon/domain/validation/campaign-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import { isStaleVersionError } from '../../../lib/resource-form-errors';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { CAMPAIGNS_QUERY_KEY, type Campaign, campaignQueryKey } from '../api/get-campaign';
import { updateCampaign } from '../api/update-campaign';
import type { SectionProps } from '../components/section-props';
import {
  areFieldsDirty,
  type CampaignFormValues,
  campaignFormOf,
  createBodyOf,
  earlyTargetingErrors,
  errorsOfDetails,
  type FormErrors,
  rebaseForm,
  schemaErrors,
  updateBodyOf,
  withEarlyErrors,
} from '../utils/campaign-form';
import type { CampaignField } from '../utils/type-fields';

export const STALE_CAMPAIGN_MESSAGE =
  'Someone else changed this campaign since you opened it. Reload to get their changes; what you typed stays here.';

type Failure = { readonly message: string; readonly isStale: boolean };

type CampaignEditFormProps = {
  readonly campaign: Campaign;
  /** The fields this form edits (and sends). */
  readonly fields: readonly CampaignField[];
  /** Names the unsaved-changes flag. */
  readonly section: string;
  readonly canEdit: boolean;
  readonly withInternal: boolean;
  readonly children: (props: SectionProps) => ReactNode;
};

/** The messages of the fields a form shows (`targeting.countries` belongs to targeting). */
const ownErrors = (errors: FormErrors, fields: readonly string[]): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => fields.includes(key.split('.')[0] ?? '')));

export const CampaignEditForm = ({
  campaign,
  fields,
  section,
  canEdit,
  withInternal,
  children,
}: CampaignEditFormProps) => {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [initial, setInitial] = useState(() => campaignFormOf(campaign));
  const [values, setValues] = useState<CampaignFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [isBusy, setIsBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const handledVersion = useRef(campaign.version);

  const isDirty = areFieldsDirty(values, initial, fields);
  useUnsavedChanges(`campaign-${campaign.id}-${section}`, isDirty);

  // A newer campaign (a reload, an activation, a strategy change): its values, with this user's edits on top.
  useEffect(() => {
    if (handledVersion.current === campaign.version) return;
    handledVersion.current = campaign.version;
    const fresh = campaignFormOf(campaign);
    setValues((current) => rebaseForm(current, initial, fresh, fields));
    setInitial(fresh);
    setFailure((current) => (current?.isStale ? undefined : current));
  }, [campaign, initial, fields]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const check = (next: CampaignFormValues): FormErrors => {
    const state = campaign.state === 'preview' ? 'preview' : 'inactive';
    const whole = schemaErrors(
      campaignCreateSchema(campaign.currency),
      createBodyOf(next, state, { withInternal }),
    );
    const changes = schemaErrors(
      campaignUpdateSchema(campaign.currency),
      updateBodyOf(next, initial, fields, campaign.version),
    );
    return ownErrors({ ...whole, ...changes }, fields);
  };

  const change = (changes: Partial<CampaignFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (isSubmitted) setErrors(check(next));
    // The targeting limits (five countries…) are flagged as soon as they are broken, before any save.
    else if (fields.includes('targeting')) {
      const early = earlyTargetingErrors(campaignCreateSchema(campaign.currency), next);
      setErrors((current) => withEarlyErrors(current, early));
    }
  };

  const cancel = () => {
    setValues(initial);
    setErrors({});
    setFailure(undefined);
    setIsSubmitted(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    setIsBusy(true);
    try {
      const saved = await updateCampaign(
        campaign.id,
        updateBodyOf(values, initial, fields, campaign.version),
      );
      handledVersion.current = saved.version;
      const fresh = campaignFormOf(saved);
      setInitial(fresh);
      setValues(fresh);
      setIsSubmitted(false);
      queryClient.setQueryData(campaignQueryKey(campaign.id), saved);
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      enqueueSnackbar('Campaign saved', { variant: 'success' });
    } catch (error) {
      const isStale = isStaleVersionError(error);
      const details = isApiError(error) ? error.details : [];
      const fieldErrors = ownErrors(errorsOfDetails(details), fields);
      setErrors(fieldErrors);
      if (isStale || Object.keys(fieldErrors).length === 0) {
        setFailure({ message: isStale ? STALE_CAMPAIGN_MESSAGE : errorMessage(error), isStale });
      }
      setFocusRequest((count) => count + 1);
    } finally {
      setIsBusy(false);
    }
  };

  const reload = () => queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaign.id) });
  const errorCount = Object.keys(errors).length;

  return (
    <Box component="form" noValidate onSubmit={submit} ref={formRef}>
      {(failure || errorCount > 0) && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            failure?.isStale ? (
              <Button color="inherit" size="small" onClick={() => void reload()}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {failure?.message ??
            `Check the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.`}
        </Alert>
      )}
      {children({ values, errors, onChange: change, currency: campaign.currency, disabled: !canEdit })}
      {canEdit && (
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            py: 2,
            mt: 2,
            bgcolor: 'background.default',
            borderTop: 1,
            borderColor: 'divider',
            zIndex: 1,
          }}
        >
          <Button onClick={cancel} disabled={!isDirty || isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={!isDirty}>
            Save changes
          </Button>
        </Box>
      )}
    </Box>
  );
};
