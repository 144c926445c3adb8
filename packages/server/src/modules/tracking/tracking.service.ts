import {
  type ConversionEventId,
  isConversionEventId,
  isPostbackTrackingTool,
  isUnreplacedMacro,
  POSTBACK_PARAMS,
  type PostbackTrackingTool,
  postbackQueryString,
} from '@beacon/domain/dictionary/postback';
import { INVALID_FORMAT_MESSAGE, REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import type { TPostbackQuery } from '@beacon/domain/validation/postback';
import type { Deps, Principal } from '../../app-types';
import { attributedTouch, LONGEST_ATTRIBUTION_MS } from '../../engine/attribution';
import { AppError } from '../../lib/app-error';
import { identifierHasher, normalizedDeviceIdentifier } from '../../lib/identifier-hash';
import { installationSecret, sign } from '../../lib/installation-secrets';
import { scopeOf } from '../../lib/tenant-scope';
import { liveCampaignUnderPath, trackingToolsOfCampaignsUnderPath } from '../campaigns/campaigns.lookups';
import { getOrganization } from '../organizations/organizations.service';
import { insertTrackingEvent } from './tracking.repo';
import { organizationOfTrackingKey, trackingKeyOf } from './tracking-keys';

/** Where the tracking endpoint answers, under the public address of the installation (PUBLIC_URL). */
export const TRACKING_PATH = '/api/track';
/** Longest click id or device id kept; longer values are cut (no tool sends one this long). */
export const TRACKING_VALUE_MAX_LENGTH = 256;
/** The raw query and body kept with an event, as JSON, stay under this size; what does not fit is dropped. */
export const TRACKING_RAW_MAX_BYTES = 4096;
const RAW_KEY_MAX_LENGTH = 64;
const RAW_VALUE_MAX_LENGTH = 512;
/** The advertising id of a device whose user limited ad tracking: it identifies nobody. */
const ZEROED_DEVICE_ID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;
const EVENT_PATTERN = /^[1-9]$/;

/**
 * §7 `GET /v2/organization/{id}/postback`: the pixel of an organization's conversion event for a tracking
 * tool — a URL of Beacon's tracking endpoint carrying the organization's tracking key, the event, the tool
 * and the tool's own macros. 404 for an organization that is absent, deleted or out of the caller's scope.
 */
export const postbackPixel = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
  query: TPostbackQuery,
): Promise<string> => {
  const organization = await getOrganization(deps.db, scopeOf(principal), organizationId);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const secret = await installationSecret(deps.db, 'tracking');
  const key = trackingKeyOf(secret, organization.id);
  return `${deps.config.publicUrl}${TRACKING_PATH}/${key}/${query.event_id}?${postbackQueryString(query.tracking_tool)}`;
};

/** One call of a pixel: its path, its query and body fields merged (the query wins), and the caller. */
export type TrackingHit = {
  readonly key: string;
  readonly event: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly ip: string;
};

export type TrackingResult = {
  readonly tool: PostbackTrackingTool;
  readonly event: ConversionEventId;
  /** False when the same click id was already recorded for this organization and event (a retry). */
  readonly recorded: boolean;
};

const firstValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A field's text: trimmed, absent when blank or when the tool left its macro in place. */
const textOf = (value: unknown): string | null => {
  const first = firstValue(value);
  if (typeof first !== 'string' && typeof first !== 'number') return null;
  const text = String(first).trim();
  if (text === '' || isUnreplacedMacro(text)) return null;
  return text.slice(0, TRACKING_VALUE_MAX_LENGTH);
};

const deviceIdOf = (fields: Readonly<Record<string, unknown>>): string | null => {
  for (const name of [POSTBACK_PARAMS.deviceId, POSTBACK_PARAMS.gaid, POSTBACK_PARAMS.idfa]) {
    const value = textOf(fields[name]);
    if (value !== null && !ZEROED_DEVICE_ID.test(value)) return value;
  }
  return null;
};

const rawValueOf = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.slice(0, RAW_VALUE_MAX_LENGTH);
};

/**
 * What the sender sent, for support and later attribution, within TRACKING_RAW_MAX_BYTES: each name and
 * value is cut to a bounded length, and fields that no longer fit are left out and flagged `_truncated`.
 */
export const cappedRaw = (fields: Readonly<Record<string, unknown>>): Record<string, string | boolean> => {
  const raw: Record<string, string | boolean> = {};
  let size = 2;
  for (const [name, value] of Object.entries(fields)) {
    const key = name.slice(0, RAW_KEY_MAX_LENGTH);
    const text = rawValueOf(value);
    // The size as stored: the JSON text of the pair plus its separator, measured in bytes.
    const pairSize = Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(text)},`);
    if (size + pairSize > TRACKING_RAW_MAX_BYTES - 20) {
      raw._truncated = true;
      break;
    }
    raw[key] = text;
    size += pairSize;
  }
  return raw;
};

/**
 * Records a call of a pixel (the public tracking endpoint). The key must be one Beacon made for an active
 * organization and the event one of 1 to 5, otherwise 404, so that nobody can record events for an
 * organization whose key they were not given. With a click id the event is recorded once per organization,
 * event and click id, so a postback the tool retries counts once. A new event with a device id is attributed
 * to that device's last click or impression (`attributeConversion`).
 */
export const recordTrackingHit = async (deps: Deps, hit: TrackingHit): Promise<TrackingResult> => {
  const secret = await installationSecret(deps.db, 'tracking');
  const organizationId = organizationOfTrackingKey(secret, hit.key);
  const event = EVENT_PATTERN.test(hit.event) ? Number(hit.event) : Number.NaN;
  if (!organizationId || !isConversionEventId(event)) throw new AppError('NOT_FOUND');
  // The key proves the organization: it is read outside any caller's scope (the endpoint has no session).
  const organization = await getOrganization(deps.db, { kind: 'all' }, organizationId);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');

  const tool = textOf(hit.fields[POSTBACK_PARAMS.tool]);
  if (tool === null || !isPostbackTrackingTool(tool)) {
    const message = tool === null ? REQUIRED_MESSAGE : INVALID_FORMAT_MESSAGE;
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: POSTBACK_PARAMS.tool, message }] });
  }
  // A campaign the organization does not own is left out rather than refused: the conversion still counts.
  const campaignText = textOf(hit.fields[POSTBACK_PARAMS.campaignId]);
  const campaignId =
    campaignText !== null && /^[1-9]\d{0,17}$/.test(campaignText)
      ? await liveCampaignUnderPath(deps.db, organization.path, campaignText)
      : null;
  const deviceId = deviceIdOf(hit.fields);
  const receivedAt = deps.clock.now();
  const trackingEventId = await insertTrackingEvent(deps.db, {
    organization_id: organization.id,
    event_id: event,
    tracking_tool: tool,
    click_id: textOf(hit.fields[POSTBACK_PARAMS.clickId]),
    device_id: deviceId,
    campaign_id: campaignId,
    ip_hash: hit.ip ? sign(secret, `ip:${hit.ip}`) : null,
    raw: JSON.stringify(cappedRaw(hit.fields)),
    received_at: receivedAt,
  });
  // A repeat (same click id) was attributed when it first came: it counts once.
  if (trackingEventId !== null && deviceId !== null) {
    await attributeConversion(deps, {
      trackingEventId,
      organizationPath: organization.path,
      campaignId,
      tool,
      event,
      deviceId,
      at: receivedAt,
    });
  }
  return { tool, event, recorded: trackingEventId !== null };
};

type StoredConversion = {
  readonly trackingEventId: string;
  readonly organizationPath: string;
  /** The campaign the postback named (one of the organization's), or null. */
  readonly campaignId: string | null;
  readonly tool: PostbackTrackingTool;
  readonly event: ConversionEventId;
  readonly deviceId: string;
  readonly at: Date;
};

/**
 * Attributes a stored conversion (docs/engine.md "Conversions"): the device's last click, else impression,
 * within the §9 windows, among the campaigns of the organization (the one the postback named, when it named
 * one) whose tracking tool is the postback's; counted by the delivery counters into that touch's rollup row.
 * Without such a touch nothing is counted (the event stays stored).
 */
const attributeConversion = async (deps: Deps, conversion: StoredConversion): Promise<void> => {
  const normalized = normalizedDeviceIdentifier(conversion.deviceId);
  if (normalized === null) return;
  const hash = identifierHasher(await installationSecret(deps.db, 'audienceIdentifiers'));
  const since = new Date(conversion.at.getTime() - LONGEST_ATTRIBUTION_MS);
  const touches = (await deps.delivery.touchesOf(hash(normalized), since)).filter(
    (touch) => conversion.campaignId === null || touch.campaignId === conversion.campaignId,
  );
  if (touches.length === 0) return;
  const tools = await trackingToolsOfCampaignsUnderPath(deps.db, conversion.organizationPath, [
    ...new Set(touches.map((touch) => touch.campaignId)),
  ]);
  const touch = attributedTouch(
    touches,
    (id) => {
      const tool = tools.get(id);
      return tool === conversion.tool ? tool : undefined;
    },
    conversion.at,
  );
  if (touch === undefined) return;
  deps.delivery.recordConversion({
    trackingEventId: conversion.trackingEventId,
    event: conversion.event,
    touch,
    at: conversion.at,
  });
};
