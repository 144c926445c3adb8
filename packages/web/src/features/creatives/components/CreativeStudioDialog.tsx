import { CREATIVE_ASSET_LIMITS } from '@beacon/domain/dictionary/creatives';
import { uploadRuleOf } from '@beacon/domain/validation/creative-asset';
import { ZCreativeCreate } from '@beacon/domain/validation/creative-form';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../api/api-error';
import { useStackedDialog } from '../../../app/dialogs/dialog-stack';
import { selectActiveIdentity, useSessionStore } from '../../../app/session/session-store';
import { CREATIVES_QUERY_KEY, type Creative, creativePath } from '../../../components/creative/api/creative';
import { ResourceDialog } from '../../../components/ResourceDialog';
import { enqueueSnackbar } from '../../../lib/snackbar';
import { useResourceSave } from '../../../lib/use-resource-save';
import { createCreativeWithFiles, slotOfCreateField } from '../api/creative-writes';
import { createBodyOf, creativeFormErrors, emptyCreativeValues, sizeOf } from '../utils/creative-form';
import { JPEG_QUALITIES, studioLayout } from '../utils/studio-layout';
import { CreativeFileField } from './CreativeFileField';
import { ImageSizeSelect } from './ImageSizeSelect';

type StudioValues = {
  readonly name: string;
  readonly click_url: string;
  readonly size: string;
  readonly background: string;
  readonly headline: string;
  readonly cta: string;
  readonly textColor: string;
  readonly buttonColor: string;
};

const INITIAL: StudioValues = {
  name: '',
  click_url: '',
  size: '300x250',
  background: '#1d4ed8',
  headline: '',
  cta: 'Learn more',
  textColor: '#ffffff',
  buttonColor: '#f59e0b',
};

/** The words of a headline in at most two lines of `maxWidth`, the font shrunk until they fit. */
const fitHeadline = (context: CanvasRenderingContext2D, text: string, maxWidth: number, fontSize: number) => {
  for (let size = fontSize; size >= 8; size -= 1) {
    context.font = `700 ${size}px system-ui, sans-serif`;
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (context.measureText(next).width <= maxWidth || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    if (lines.length <= 2 && lines.every((candidate) => context.measureText(candidate).width <= maxWidth)) {
      return { lines, size };
    }
  }
  return { lines: [text], size: 8 };
};

/** Draws the composed image: background colour or picture (covering), headline, call-to-action button. */
const draw = (canvas: HTMLCanvasElement, values: StudioValues, picture: ImageBitmap | null) => {
  const { width, height } = sizeOf(values.size);
  if (!Number.isFinite(width) || !Number.isFinite(height)) return;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = values.background;
  context.fillRect(0, 0, width, height);
  if (picture) {
    const scale = Math.max(width / picture.width, height / picture.height);
    const drawnWidth = picture.width * scale;
    const drawnHeight = picture.height * scale;
    context.drawImage(picture, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight);
  }
  const layout = studioLayout({ width, height });
  context.fillStyle = values.textColor;
  context.textBaseline = layout.isWide ? 'middle' : 'alphabetic';
  const headline = fitHeadline(context, values.headline, layout.headline.maxWidth, layout.headline.fontSize);
  const lineHeight = headline.size * 1.15;
  const firstY = layout.isWide
    ? layout.headline.y - ((headline.lines.length - 1) * lineHeight) / 2
    : layout.headline.y;
  headline.lines.forEach((line, index) => {
    context.fillText(line, layout.headline.x, firstY + index * lineHeight);
  });
  if (values.cta.trim()) {
    const { x, y, width: buttonWidth, height: buttonHeight } = layout.button;
    context.fillStyle = values.buttonColor;
    context.beginPath();
    context.roundRect(x, y, buttonWidth, buttonHeight, Math.min(8, buttonHeight / 3));
    context.fill();
    context.fillStyle = values.textColor;
    context.font = `600 ${layout.buttonFontSize}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(values.cta.trim(), x + buttonWidth / 2, y + buttonHeight / 2, buttonWidth - 8);
    context.textAlign = 'start';
  }
};

const toBlob = (canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The canvas as a JPEG within the §5 image limit, the best quality that fits; null when none does. */
const composedFile = async (
  canvas: HTMLCanvasElement,
  name: string,
  maxBytes: number,
): Promise<File | null> => {
  for (const quality of JPEG_QUALITIES) {
    const blob = await toBlob(canvas, quality);
    if (blob && blob.size <= maxBytes)
      return new File([blob], `${name || 'creative'}.jpg`, { type: 'image/jpeg' });
  }
  return null;
};

/**
 * The creative studio (§2): an image creative composed in the browser from a picture (optional), a background
 * colour, a headline and a call to action, at one of the 27 sizes, then saved as a JPEG within the §5 limit
 * and uploaded like any image creative (pending approval).
 */
export const CreativeStudioDialog = () => {
  const { close } = useStackedDialog();
  const navigate = useNavigate();
  const identity = useSessionStore(selectActiveIdentity);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [values, setValues] = useState<StudioValues>(INITIAL);
  const [picture, setPicture] = useState<File | null>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [pictureError, setPictureError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useResourceSave<Creative>({
    unsaved: {
      id: 'creative-studio',
      isDirty: picture !== null || JSON.stringify(values) !== JSON.stringify(INITIAL),
    },
    queryKey: CREATIVES_QUERY_KEY,
    onSaved: (created) => {
      enqueueSnackbar(`${created.name} created, waiting for approval`, { variant: 'success' });
      close();
      void navigate(creativePath(created.id));
    },
  });
  const { errors, setErrors, setFailure, isBusy } = form;
  const change = (next: Partial<StudioValues>) => setValues({ ...values, ...next });

  useEffect(() => {
    if (!picture) {
      setBitmap(null);
      return undefined;
    }
    let isCurrent = true;
    createImageBitmap(picture).then(
      (loaded) => {
        if (isCurrent) setBitmap(loaded);
      },
      () => {
        if (isCurrent) setPictureError('This picture cannot be read: choose a JPEG, PNG or GIF image');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [picture]);

  useEffect(() => {
    if (canvasRef.current) draw(canvasRef.current, values, bitmap);
  }, [values, bitmap]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const body = createBodyOf({
      ...emptyCreativeValues('image', identity?.organization.id ?? null),
      name: values.name,
      click_url: values.click_url,
    });
    const check = ZCreativeCreate.safeParse(body);
    const found: Record<string, string> = check.success ? {} : { ...creativeFormErrors(check.error.issues) };
    if (!values.headline.trim()) found.headline = 'Write a headline';
    setErrors(found);
    const canvas = canvasRef.current;
    if (!check.success || Object.keys(found).length > 0 || !canvas) return;
    await form.save(async () => {
      try {
        const file = await composedFile(canvas, values.name, CREATIVE_ASSET_LIMITS.image.maxBytes);
        if (!file) {
          setFailure(
            `The composed image does not fit the limit. ${CREATIVE_ASSET_LIMITS.image.hint}: choose a simpler picture.`,
          );
          return null;
        }
        // The creative and its composed image in one request: a refused image creates nothing.
        return await createCreativeWithFiles(check.data, { asset: file }, setProgress);
      } catch (error) {
        // The composed image has no field of its own: its refusal shows above the form.
        const isImageRefused =
          isApiError(error) && slotOfCreateField(error.details?.[0]?.path ?? '') !== undefined;
        const fieldErrors = isApiError(error) && !isImageRefused ? creativeFormErrors(error.details) : {};
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) setFailure(errorMessage(error));
        return null;
      } finally {
        setProgress(null);
      }
    });
  };

  const text = (field: 'name' | 'click_url' | 'headline' | 'cta', label: string, helperText?: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? helperText}
      required={field !== 'cta'}
      disabled={isBusy}
      fullWidth
    />
  );
  const colour = (field: 'background' | 'textColor' | 'buttonColor', label: string) => (
    <TextField
      type="color"
      label={label}
      value={values[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      disabled={isBusy}
    />
  );
  const rule = uploadRuleOf('image', 'asset');

  return (
    <ResourceDialog
      title="Creative studio"
      onSubmit={submit}
      submitLabel="Create creative"
      isBusy={isBusy}
      isDirty={form.isDirty}
      failure={form.failure}
      maxWidth="lg"
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        }}
      >
        <Stack spacing={2}>
          {text('name', 'Name')}
          {text('click_url', 'Click URL', 'Starts with https:// or tel:')}
          <ImageSizeSelect value={values.size} onChange={(size) => change({ size })} disabled={isBusy} />
          {text('headline', 'Headline')}
          {text('cta', 'Call to action', 'Left empty, no button')}
          <CreativeFileField
            label="Picture"
            accept=".png,.jpg,.jpeg,.gif"
            file={picture}
            onChange={(file) => {
              setPicture(file);
              setPictureError(undefined);
            }}
            hint="Optional: a picture covering the background, from your computer (it is not uploaded as is)"
            error={pictureError}
            progress={null}
            disabled={isBusy}
          />
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
            {colour('background', 'Background')}
            {colour('textColor', 'Text')}
            {colour('buttonColor', 'Button')}
          </Box>
        </Stack>
        <Stack spacing={1}>
          <Typography variant="subtitle2">Preview ({values.size})</Typography>
          <Box sx={{ overflow: 'auto', p: 1, bgcolor: 'grey.100', borderRadius: 1 }}>
            <Box
              component="canvas"
              ref={canvasRef}
              role="img"
              aria-label={`Composed image: ${values.headline || 'no headline yet'}${values.cta ? `, button ${values.cta}` : ''}`}
              sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
            />
          </Box>
          <Typography variant="caption" color="text.secondary">
            Saved as a JPEG within the limit ({rule?.limit.hint ?? CREATIVE_ASSET_LIMITS.image.hint}); it
            waits for approval like any creative.
          </Typography>
          {progress !== null && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label="Uploading the image"
            />
          )}
        </Stack>
      </Box>
    </ResourceDialog>
  );
};
