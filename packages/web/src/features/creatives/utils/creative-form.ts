/**
 * The creative dialog's values and the bodies of its calls: the fields of the chosen type only
 * (CREATIVE_FIELDS_BY_TYPE), pixels typed one per line, the size picked from the 27 image sizes, a VAST URL or
 * document. A new creative sends every field of its type (POST /creative); an edit sends what changed with the
 * version read (PUT /creative/{id}). Pure, so the rules are tested without a browser.
 */
import {
  type CreativeType,
  EVENT_PIXEL_KINDS,
  type EventPixelKind,
  formatSize,
} from '@beacon/domain/dictionary/creatives';
import {
  CREATIVE_FIELDS_BY_TYPE,
  type CreativeField,
  type TEventPixels,
} from '@beacon/domain/validation/creative-form';
import type { Creative } from '../../../components/creative/api/creative';
import { fileSizeText } from '../../../components/creative/creative-text';
import { firstMessageOfEachField } from '../../../lib/resource-form-errors';
import type { CreativeFileSlot } from '../api/creative-writes';

export type NativeTextValues = {
  readonly title: string;
  readonly description: string;
  readonly call_to_action: string;
  readonly sponsored_by: string;
};

export type VastSource = 'url' | 'xml';

export type CreativeFormValues = {
  readonly type: CreativeType;
  readonly organization: number | null;
  readonly name: string;
  /** An ISO 639-1 code, '' for none. */
  readonly language: string;
  readonly attributes: readonly number[];
  readonly click_url: string;
  /** One URL per line. */
  readonly impression_pixels: string;
  /** One URL per line, per event. */
  readonly event_pixels: Readonly<Record<EventPixelKind, string>>;
  readonly html_markup: string;
  /** `300x250`, '' when not chosen. */
  readonly size: string;
  readonly vast_source: VastSource;
  readonly vast_url: string;
  readonly vast_xml: string;
  readonly boxing_allowed: boolean;
  readonly native: NativeTextValues;
};

const noEventPixels = (): Record<EventPixelKind, string> => ({
  start: '',
  first_quartile: '',
  midpoint: '',
  third_quartile: '',
  complete: '',
  skip: '',
  error: '',
});

export const emptyCreativeValues = (type: CreativeType, organization: number | null): CreativeFormValues => ({
  type,
  organization,
  name: '',
  language: '',
  attributes: [],
  click_url: '',
  impression_pixels: '',
  event_pixels: noEventPixels(),
  html_markup: '',
  size: '',
  vast_source: 'url',
  vast_url: '',
  vast_xml: '',
  boxing_allowed: false,
  native: { title: '', description: '', call_to_action: '', sponsored_by: '' },
});

const joinLines = (values: readonly string[] | undefined): string => (values ?? []).join('\n');

/** The values of a stored creative, to edit it. */
export const creativeValuesOf = (creative: Creative): CreativeFormValues => {
  const eventPixels = noEventPixels();
  for (const kind of EVENT_PIXEL_KINDS) eventPixels[kind] = joinLines(creative.event_pixels[kind]);
  return {
    type: creative.type,
    organization: creative.organization,
    name: creative.name,
    language: creative.language ?? '',
    attributes: [...creative.attributes],
    click_url: creative.click_url ?? '',
    impression_pixels: joinLines(creative.impression_pixels),
    event_pixels: eventPixels,
    html_markup: creative.html_markup ?? '',
    size:
      creative.width !== null && creative.height !== null
        ? formatSize({ width: creative.width, height: creative.height })
        : '',
    vast_source: creative.vast_xml ? 'xml' : 'url',
    vast_url: creative.vast_url ?? '',
    vast_xml: creative.vast_xml ?? '',
    boxing_allowed: creative.boxing_allowed,
    native: {
      title: creative.native?.title ?? '',
      description: creative.native?.description ?? '',
      call_to_action: creative.native?.call_to_action ?? '',
      sponsored_by: creative.native?.sponsored_by ?? '',
    },
  };
};

/**
 * What a file field of a stored creative says it holds: the main file's kind and weight, the companion image's
 * size and weight (the API names no kind for it), whether an icon is uploaded; undefined without a file.
 */
export const storedFileText = (
  creative: Pick<Creative, 'asset' | 'companion' | 'native'> | null,
  slot: CreativeFileSlot,
): string | undefined => {
  if (!creative) return undefined;
  switch (slot) {
    case 'asset': {
      const { asset } = creative;
      return asset ? `Uploaded: ${asset.kind.toUpperCase()} · ${fileSizeText(asset.bytes)}` : undefined;
    }
    case 'companion': {
      const { companion } = creative;
      return companion ? `Uploaded: ${formatSize(companion)} · ${fileSizeText(companion.bytes)}` : undefined;
    }
    case 'native-icon':
      return creative.native?.icon_url ? 'An icon is uploaded' : undefined;
  }
};

/** Lines of a text area, trimmed, blank ones dropped (repeats are kept: the schema names them). */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const SIZE_PATTERN = /^(\d+)x(\d+)$/;

/** `300x250` as the width and height the API takes; NaN when none is chosen (the schema says required). */
export const sizeOf = (size: string): { width: number; height: number } => {
  const match = SIZE_PATTERN.exec(size);
  return match
    ? { width: Number(match[1]), height: Number(match[2]) }
    : { width: Number.NaN, height: Number.NaN };
};

const eventPixelsOf = (values: CreativeFormValues): TEventPixels => {
  const pixels: Partial<Record<EventPixelKind, string[]>> = {};
  for (const kind of EVENT_PIXEL_KINDS) {
    const urls = linesOf(values.event_pixels[kind]);
    if (urls.length > 0) pixels[kind] = urls;
  }
  return pixels;
};

/** Click URL left empty: no click URL where the type allows none; the schema asks for one elsewhere. */
const NULLABLE_CLICK_URL: readonly CreativeType[] = ['tag', 'rich_media', 'audio'];

/** Each field of the type, as the API takes it. */
const fieldValue = (values: CreativeFormValues, field: CreativeField): unknown => {
  switch (field) {
    case 'name':
      return values.name;
    case 'language':
      return values.language === '' ? null : values.language;
    case 'attributes':
      return [...values.attributes];
    case 'click_url':
      return values.click_url.trim() === '' && NULLABLE_CLICK_URL.includes(values.type)
        ? null
        : values.click_url.trim();
    case 'impression_pixels':
      return linesOf(values.impression_pixels);
    case 'event_pixels':
      return eventPixelsOf(values);
    case 'html_markup':
      return values.html_markup.trim();
    case 'width':
      return sizeOf(values.size).width;
    case 'height':
      return sizeOf(values.size).height;
    case 'vast_url':
      return values.vast_source === 'url' ? values.vast_url.trim() : null;
    case 'vast_xml':
      return values.vast_source === 'xml' ? values.vast_xml.trim() : null;
    case 'boxing_allowed':
      return values.boxing_allowed;
    case 'native':
      return { ...values.native };
  }
};

const fieldsOf = (type: CreativeType): readonly CreativeField[] => CREATIVE_FIELDS_BY_TYPE[type];

/** POST /creative: the type, the advertiser when chosen, and every field of the type. */
export const createBodyOf = (values: CreativeFormValues): Record<string, unknown> => {
  const body: Record<string, unknown> = { type: values.type };
  if (values.organization !== null) body.organization = values.organization;
  for (const field of fieldsOf(values.type)) body[field] = fieldValue(values, field);
  return body;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT /creative/{id}: the fields of the type whose value changed, at the version read. The size is one
 * change (width and height go together, the server checks them as a pair).
 */
export const updateBodyOf = (
  initial: CreativeFormValues,
  values: CreativeFormValues,
  version: number,
): Record<string, unknown> => {
  const body: Record<string, unknown> = { version };
  for (const field of fieldsOf(values.type)) {
    const next = fieldValue(values, field);
    const sizeChanged = (field === 'width' || field === 'height') && initial.size !== values.size;
    if (sizeChanged || !same(fieldValue(initial, field), next)) body[field] = next;
  }
  return body;
};

/** Whether the body changes more than the name (the creative goes back to pending approval). */
export const needsNewReview = (body: Record<string, unknown>): boolean =>
  Object.keys(body).some((field) => field !== 'version' && field !== 'name');

/**
 * The form field an issue belongs to: event pixels and native texts per sub-field (`event_pixels.start`,
 * `native.title`), width and height on the size, the VAST URL or document on `vast`, anything else by its
 * first segment.
 */
export const formFieldOf = (path: readonly PropertyKey[] | string): string => {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((part) => part !== '');
  const [first = '', second] = parts;
  if ((first === 'event_pixels' || first === 'native') && second !== undefined) return `${first}.${second}`;
  if (first === 'width' || first === 'height') return 'size';
  // One VAST source, URL or document: its problems show on whichever field is on screen.
  if (first === 'vast_url' || first === 'vast_xml') return 'vast';
  return first;
};

type Issue = { readonly path: readonly PropertyKey[] | string; readonly message: string };

export type CreativeFormErrors = Readonly<Record<string, string>>;

/** One message per form field (the first), from the schema's issues or the server's details. */
export const creativeFormErrors = (issues: readonly Issue[]): CreativeFormErrors =>
  firstMessageOfEachField(issues, formFieldOf);
