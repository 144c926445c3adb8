import {
  CREATIVE_ATTRIBUTES,
  CREATIVE_TYPE_HINTS,
  CREATIVE_TYPE_LABELS,
  CREATIVE_TYPES,
  type CreativeType,
  EVENT_PIXEL_KIND_LABELS,
  EVENT_PIXEL_KINDS,
} from '@beacon/domain/dictionary/creatives';
import { LANGUAGE_NAMES, LANGUAGE_OPTIONS } from '@beacon/domain/dictionary/languages';
import { assetTooLargeMessage, uploadRuleOf } from '@beacon/domain/validation/creative-asset';
import {
  CREATIVE_FIELDS_BY_TYPE,
  type CreativeField,
  NATIVE_TEXT_MAX_LENGTHS,
  type TCreativeCreate,
  ZCreativeCreate,
  ZCreativeUpdate,
} from '@beacon/domain/validation/creative-form';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { useUnsavedChanges } from '../../../app/unsaved-changes';
import {
  CREATIVES_QUERY_KEY,
  type Creative,
  creativePath,
  creativeQueryKey,
} from '../../../components/creative/api/creative';
import { attributeName } from '../../../components/creative/creative-text';
import { EnumSelect } from '../../../components/EnumSelect';
import { ResourceDialog } from '../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useAdvertiserOptions } from '../api/advertisers';
import {
  CREATIVE_FILE_SLOTS,
  type CreativeFileSlot,
  createCreative,
  createCreativeWithFiles,
  slotOfCreateField,
  updateCreative,
  uploadCreativeFile,
} from '../api/creative-writes';
import {
  type CreativeFormErrors,
  type CreativeFormValues,
  createBodyOf,
  creativeFormErrors,
  creativeValuesOf,
  emptyCreativeValues,
  needsNewReview,
  storedFileText,
  updateBodyOf,
} from '../utils/creative-form';
import { CreativeFileField } from './CreativeFileField';
import { ImageSizeSelect } from './ImageSizeSelect';

const FILE_LABELS = {
  asset: { image: 'Image', video: 'Video', audio: 'Audio', native: 'Main image' },
  companion: { video: 'Companion ad image' },
  'native-icon': { native: 'Icon' },
} as const satisfies Record<CreativeFileSlot, Partial<Record<CreativeType, string>>>;

/** The click URL's hint by type: where it is optional, the hint says why. */
const CLICK_URL_HINTS: Record<CreativeType, string> = {
  image: 'Where a click on the picture leads; starts with https:// or tel:',
  video: 'Where a click on the player leads; starts with https:// or tel:',
  native: 'Where a click on the card leads; starts with https:// or tel:',
  audio: 'Optional: where a click on the companion banner leads; starts with https:// or tel:',
  tag: 'Optional when the markup handles its own clicks; starts with https:// or tel:',
  rich_media: 'Optional when the markup handles its own clicks; starts with https:// or tel:',
  external_video: 'Starts with https:// or tel:',
};

const fileLabel = (slot: CreativeFileSlot, type: CreativeType): string => {
  const labels: Partial<Record<CreativeType, string>> = FILE_LABELS[slot];
  return labels[type] ?? 'File';
};

/** The slots a type takes a file in (§5), the main one first. */
const slotsOf = (type: CreativeType): CreativeFileSlot[] =>
  CREATIVE_FILE_SLOTS.filter((slot) => uploadRuleOf(type, slot) !== undefined);

const hasField = (type: CreativeType, field: CreativeField): boolean => {
  const fields: readonly CreativeField[] = CREATIVE_FIELDS_BY_TYPE[type];
  return fields.includes(field);
};

const fileKey = (slot: CreativeFileSlot): string => `file:${slot}`;

type Files = Partial<Record<CreativeFileSlot, File>>;

const Group = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
    <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    <Stack spacing={2}>{children}</Stack>
  </Box>
);

export type CreativeDialogProps = {
  /** null creates one (of `initialType` first, changeable). */
  readonly creative: Creative | null;
  readonly initialType?: CreativeType;
};

/**
 * The creative dialog (§2): the fields of each type (image, tag, video, external video/VAST, native, audio,
 * rich media) checked with the exact schemas of POST and PUT /creative, then the type's files sent one by one
 * with their progress. A refused file (§5: checked by content, nothing stored) shows the server's message on
 * its field; the dialog keeps everything typed and, when the creative was already created, goes on as its
 * edit so that the next try only sends the file again.
 */
export const CreativeDialog = ({ creative, initialType = 'image' }: CreativeDialogProps) => {
  const { close } = useStackedDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const advertisers = useAdvertiserOptions(creative ? undefined : identity?.organization.id);
  // The creative as last saved: a create whose file was refused goes on as an edit of what was created.
  const [saved, setSaved] = useState<Creative | null>(creative);
  const [initial, setInitial] = useState<CreativeFormValues>(() =>
    creative
      ? creativeValuesOf(creative)
      : emptyCreativeValues(initialType, identity?.organization.id ?? null),
  );
  const [values, setValues] = useState<CreativeFormValues>(initial);
  const [files, setFiles] = useState<Files>({});
  const [progress, setProgress] = useState<Partial<Record<CreativeFileSlot, number>>>({});
  const [errors, setErrors] = useState<CreativeFormErrors>({});
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial) || Object.keys(files).length > 0;
  useUnsavedChanges(`creative-${creative?.id ?? 'new'}`, !isDone && isDirty);

  const type = values.type;
  const change = (next: Partial<CreativeFormValues>) => setValues({ ...values, ...next });
  const chooseFile = (slot: CreativeFileSlot, file: File | null) => {
    const { [slot]: _dropped, ...rest } = files;
    setFiles(file ? { ...rest, [slot]: file } : rest);
    const { [fileKey(slot)]: _error, ...otherErrors } = errors;
    setErrors(otherErrors);
  };

  /** Files missing (the main one of a new creative) or over the §5 size: refused before anything is sent. */
  const fileErrors = (): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const slot of slotsOf(type)) {
      const rule = uploadRuleOf(type, slot);
      const file = files[slot];
      if (!rule) continue;
      if (file && file.size > rule.maxBytes) found[fileKey(slot)] = assetTooLargeMessage(rule);
      const hasStored = storedFileText(saved, slot) !== undefined;
      if (!file && slot === 'asset' && !hasStored) found[fileKey(slot)] = REQUIRED_MESSAGE;
    }
    return found;
  };

  const uploadFiles = async (target: Creative): Promise<Creative> => {
    let current = target;
    for (const slot of slotsOf(type)) {
      const file = files[slot];
      if (!file) continue;
      try {
        current = await uploadCreativeFile(current.id, slot, {
          file,
          onProgress: (sent) => setProgress((before) => ({ ...before, [slot]: sent })),
        });
        setFiles((before) => {
          const { [slot]: _sent, ...rest } = before;
          return rest;
        });
      } catch (error) {
        setErrors((before) => ({ ...before, [fileKey(slot)]: errorMessage(error) }));
        throw new FileRefused(current);
      } finally {
        setProgress((before) => {
          const { [slot]: _done, ...rest } = before;
          return rest;
        });
      }
    }
    return current;
  };

  /**
   * A new creative goes with its files in one request: a refused file creates nothing, its message shows on
   * its field, and the form keeps everything for another try.
   */
  const createNew = async (body: TCreativeCreate): Promise<Creative> => {
    const chosen = slotsOf(type).filter((slot) => files[slot] !== undefined);
    if (chosen.length === 0) return createCreative(body);
    try {
      const created = await createCreativeWithFiles(body, files, (sent) =>
        setProgress(Object.fromEntries(chosen.map((slot) => [slot, sent]))),
      );
      setFiles({});
      return created;
    } catch (error) {
      const slot = isApiError(error) ? slotOfCreateField(error.details?.[0]?.path ?? '') : undefined;
      if (!slot) throw error;
      setErrors((before) => ({ ...before, [fileKey(slot)]: errorMessage(error) }));
      throw new NothingCreated();
    } finally {
      setProgress({});
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const body = saved ? updateBodyOf(initial, values, saved.version) : createBodyOf(values);
    const check = saved ? ZCreativeUpdate.safeParse(body) : ZCreativeCreate.safeParse(body);
    const found = { ...(check.success ? {} : creativeFormErrors(check.error.issues)), ...fileErrors() };
    setErrors(found);
    if (!check.success || Object.keys(found).length > 0) return;
    setIsBusy(true);
    let current = saved;
    try {
      if (!current) {
        current = await createNew(ZCreativeCreate.parse(body));
        setSaved(current);
        setInitial(creativeValuesOf(current));
      } else {
        if (Object.keys(body).length > 1) {
          current = await updateCreative(current.id, ZCreativeUpdate.parse(body));
        }
        setSaved(current);
        setInitial(creativeValuesOf(current));
        current = await uploadFiles(current);
      }
      setIsDone(true);
      queryClient.setQueryData(creativeQueryKey(current.id), current);
      await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
      const review = creative && needsNewReview(body) ? ', waiting for approval again' : '';
      enqueueSnackbar(
        creative ? `${current.name} saved${review}` : `${current.name} created, waiting for approval`,
        {
          variant: 'success',
        },
      );
      close();
      if (!creative) void navigate(creativePath(current.id));
    } catch (error) {
      if (error instanceof NothingCreated) {
        setFailure('Nothing was created: a file was refused. Choose another file and try again.');
        return;
      }
      if (error instanceof FileRefused) {
        setSaved(error.creative);
        setInitial(creativeValuesOf(error.creative));
        await queryClient.invalidateQueries({ queryKey: CREATIVES_QUERY_KEY });
        setFailure('The changes are saved, but a file was refused: choose another file and save again.');
        return;
      }
      const fieldErrors = isApiError(error) ? creativeFormErrors(error.details) : {};
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const textField = (
    field: 'name' | 'click_url' | 'html_markup' | 'vast_url' | 'vast_xml' | 'impression_pixels',
    label: string,
    options: {
      helperText?: string;
      multiline?: boolean;
      required?: boolean;
      autoFocus?: boolean;
      errorKey?: string;
    } = {},
  ) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      error={errors[options.errorKey ?? field] !== undefined}
      helperText={errors[options.errorKey ?? field] ?? options.helperText}
      required={options.required ?? false}
      multiline={options.multiline ?? false}
      minRows={options.multiline ? 3 : undefined}
      autoFocus={options.autoFocus ?? false}
      disabled={isBusy}
      fullWidth
      slotProps={options.multiline ? { htmlInput: { spellCheck: false } } : undefined}
    />
  );

  const title = saved ? `Edit ${saved.name}` : `New ${CREATIVE_TYPE_LABELS[type].toLowerCase()} creative`;

  return (
    <ResourceDialog
      title={title}
      onSubmit={submit}
      submitLabel={saved ? 'Save' : 'Create'}
      isBusy={isBusy}
      isDirty={!isDone && isDirty}
      failure={failure}
      maxWidth="md"
    >
      {saved && saved.state !== 'pending-approval' && (
        <Alert severity="info">
          Changing anything but the name sends the creative for approval again; it does not serve meanwhile.
        </Alert>
      )}
      <Group title="General">
        {!saved && (
          <EnumSelect
            label="Type"
            value={type}
            options={CREATIVE_TYPES}
            labels={CREATIVE_TYPE_LABELS}
            onChange={(next) => {
              change({ type: next });
              setFiles({});
              setErrors({});
            }}
            disabled={isBusy}
            helperText={CREATIVE_TYPE_HINTS[type]}
          />
        )}
        {textField('name', 'Name', { required: true, autoFocus: true })}
        {!saved && advertisers.data && advertisers.data.length > 1 && (
          <TextField
            select
            label="Advertiser"
            value={values.organization === null ? '' : String(values.organization)}
            onChange={(event) => change({ organization: Number(event.target.value) })}
            error={errors.organization !== undefined}
            helperText={errors.organization ?? 'The organization the creative belongs to'}
            disabled={isBusy}
          >
            {advertisers.data.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Group>

      {slotsOf(type).length > 0 && (
        <Group title="Files">
          {slotsOf(type).map((slot) => {
            const rule = uploadRuleOf(type, slot);
            if (!rule) return null;
            return (
              <CreativeFileField
                key={`${type}-${slot}`}
                label={fileLabel(slot, type)}
                accept={rule.limit.extensions.map((extension) => `.${extension}`).join(',')}
                file={files[slot] ?? null}
                onChange={(file) => chooseFile(slot, file)}
                hint={rule.limit.hint}
                current={storedFileText(saved, slot)}
                error={errors[fileKey(slot)]}
                isRequired={slot === 'asset' && !saved}
                progress={progress[slot] ?? null}
                disabled={isBusy}
              />
            );
          })}
        </Group>
      )}

      {(hasField(type, 'html_markup') || hasField(type, 'vast_url')) && (
        <Group title={hasField(type, 'html_markup') ? CREATIVE_TYPE_LABELS[type] : 'VAST'}>
          {hasField(type, 'width') && (
            <ImageSizeSelect
              isRequired
              value={values.size}
              onChange={(size) => change({ size })}
              error={errors.size}
              disabled={isBusy}
            />
          )}
          {hasField(type, 'html_markup') &&
            textField('html_markup', 'HTML markup', {
              required: true,
              multiline: true,
              helperText: 'Well-formed HTML that starts with < and ends with >',
            })}
          {hasField(type, 'vast_url') && (
            <>
              <RadioGroup
                row
                aria-label="VAST source"
                value={values.vast_source}
                onChange={(event) => change({ vast_source: event.target.value === 'xml' ? 'xml' : 'url' })}
              >
                <FormControlLabel value="url" control={<Radio />} label="VAST URL" disabled={isBusy} />
                <FormControlLabel value="xml" control={<Radio />} label="VAST XML" disabled={isBusy} />
              </RadioGroup>
              {values.vast_source === 'url'
                ? textField('vast_url', 'VAST URL', {
                    required: true,
                    errorKey: 'vast',
                    helperText:
                      'An https:// address answering a VAST 4.x document; it is fetched and checked',
                  })
                : textField('vast_xml', 'VAST XML', {
                    required: true,
                    multiline: true,
                    errorKey: 'vast',
                    helperText: 'A VAST 4.x document; it is checked when saved',
                  })}
            </>
          )}
        </Group>
      )}

      {hasField(type, 'native') && (
        <Group title="Native texts">
          {(['title', 'description', 'call_to_action', 'sponsored_by'] as const).map((part) => (
            <TextField
              key={part}
              required
              label={NATIVE_LABELS[part]}
              value={values.native[part]}
              onChange={(event) => change({ native: { ...values.native, [part]: event.target.value } })}
              error={errors[`native.${part}`] !== undefined}
              helperText={errors[`native.${part}`] ?? `Up to ${NATIVE_TEXT_MAX_LENGTHS[part]} characters`}
              multiline={part === 'description'}
              disabled={isBusy}
            />
          ))}
        </Group>
      )}

      <Group title="Tracking">
        {hasField(type, 'click_url') &&
          textField('click_url', 'Click URL', {
            required: type === 'image' || type === 'video' || type === 'native',
            helperText: CLICK_URL_HINTS[type],
          })}
        {textField('impression_pixels', 'Impression pixels', {
          multiline: true,
          helperText: 'One URL per line, each once; starts with https:// or tel:',
        })}
        {hasField(type, 'event_pixels') && (
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            role="group"
            aria-label="Event pixels"
          >
            {EVENT_PIXEL_KINDS.map((kind) => (
              <TextField
                key={kind}
                label={`${EVENT_PIXEL_KIND_LABELS[kind]} pixels`}
                value={values.event_pixels[kind]}
                onChange={(event) =>
                  change({ event_pixels: { ...values.event_pixels, [kind]: event.target.value } })
                }
                error={errors[`event_pixels.${kind}`] !== undefined}
                helperText={errors[`event_pixels.${kind}`] ?? 'One URL per line'}
                multiline
                minRows={1}
                disabled={isBusy}
              />
            ))}
          </Box>
        )}
      </Group>

      <Group title="Classification">
        <TextField
          select
          label="Language"
          value={values.language}
          onChange={(event) => change({ language: event.target.value })}
          error={errors.language !== undefined}
          helperText={errors.language}
          disabled={isBusy}
        >
          <MenuItem value="">No language</MenuItem>
          {LANGUAGE_OPTIONS.map((code) => (
            <MenuItem key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Attributes"
          value={values.attributes.map(String)}
          onChange={(event) => {
            const chosen = event.target.value;
            const list = typeof chosen === 'string' ? chosen.split(',') : chosen;
            change({ attributes: list.map(Number).filter((code) => Number.isInteger(code)) });
          }}
          error={errors.attributes !== undefined}
          helperText={errors.attributes ?? 'What the ad does (OpenRTB creative attributes)'}
          disabled={isBusy}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (Array.isArray(selected) ? selected : [])
                  .map((code) => attributeName(Number(code)))
                  .join(', '),
            },
          }}
        >
          {CREATIVE_ATTRIBUTES.map((code) => (
            <MenuItem key={code} value={String(code)}>
              {attributeName(code)}
            </MenuItem>
          ))}
        </TextField>
        {hasField(type, 'boxing_allowed') && (
          <FormControlLabel
            control={
              <Checkbox
                checked={values.boxing_allowed}
                onChange={(event) => change({ boxing_allowed: event.target.checked })}
                disabled={isBusy}
              />
            }
            label="Boxing allowed (the exchange may show the image inside a larger slot)"
          />
        )}
      </Group>
    </ResourceDialog>
  );
};

const NATIVE_LABELS = {
  title: 'Title',
  description: 'Description',
  call_to_action: 'Call to action',
  sponsored_by: 'Sponsored by',
} as const;

/** A new creative's file the server refused: nothing was created. */
class NothingCreated extends Error {
  constructor() {
    super('A file was refused: nothing was created');
  }
}

/** A file the server refused after an existing creative's fields were saved. */
class FileRefused extends Error {
  constructor(readonly creative: Creative) {
    super('File refused');
  }
}
