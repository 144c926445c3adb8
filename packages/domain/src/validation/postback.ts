/** The query of §7 `GET /v2/organization/{id}/postback?event_id&tracking_tool`, with the messages of §5. */
import { z } from 'zod';
import {
  CONVERSION_EVENT_IDS,
  type ConversionEventId,
  isConversionEventId,
  isPostbackTrackingTool,
  POSTBACK_TRACKING_TOOLS,
  type PostbackTrackingTool,
} from '../dictionary/postback';
import { TRACKING_PROVIDER_LABELS, TRACKING_PROVIDERS, type TrackingProvider } from '../dictionary/tracking';
import { requiredString } from './generic';
import { INVALID_FORMAT_MESSAGE, maxValueMessage, minValueMessage } from './messages';

const [FIRST_EVENT] = CONVERSION_EVENT_IDS;
const LAST_EVENT = CONVERSION_EVENT_IDS[4];

const isTrackingProvider = (value: string): value is TrackingProvider =>
  TRACKING_PROVIDERS.some((provider) => provider === value);

/** A known tracking tool that takes no pixel (none, the own footfall panel, SKAdNetwork). */
export const noPostbackMessage = (label: string): string =>
  `${label} does not send postbacks. Choose one of: ${POSTBACK_TRACKING_TOOLS.map(
    (tool) => TRACKING_PROVIDER_LABELS[tool],
  ).join(', ')}`;

/** `event_id`: a whole number from 1 to 5 (a query parameter, so it arrives as text). */
export const ZConversionEventId = requiredString()
  .regex(/^-?\d+$/, { error: INVALID_FORMAT_MESSAGE, abort: true })
  .transform(Number)
  .refine((value) => value >= FIRST_EVENT, { error: minValueMessage(FIRST_EVENT), abort: true })
  .refine((value) => value <= LAST_EVENT, { error: maxValueMessage(LAST_EVENT) })
  .transform((value, context): ConversionEventId => {
    if (isConversionEventId(value)) return value;
    context.addIssue({ code: 'custom', message: INVALID_FORMAT_MESSAGE });
    return z.NEVER;
  });

/** `tracking_tool`: one of the tracking providers of §3 that calls a postback URL. */
export const ZPostbackTrackingTool = requiredString().transform((value, context): PostbackTrackingTool => {
  if (isPostbackTrackingTool(value)) return value;
  context.addIssue({
    code: 'custom',
    message: isTrackingProvider(value)
      ? noPostbackMessage(TRACKING_PROVIDER_LABELS[value])
      : INVALID_FORMAT_MESSAGE,
  });
  return z.NEVER;
});

export const ZPostbackQuery = z.strictObject({
  event_id: ZConversionEventId,
  tracking_tool: ZPostbackTrackingTool,
});
export type TPostbackQuery = z.infer<typeof ZPostbackQuery>;
