import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newToken } from './tokens';

/**
 * Keys generated once per installation and kept in `platform_settings`, so that every process behind a load
 * balancer signs alike and a restart keeps earlier signatures valid. An operator may set a value before first
 * use (for example to share it with the planner service); the first one stored wins.
 */
export const INSTALLATION_SECRETS = {
  /** Signs simulation grants (decision 003). */
  simulationGrant: 'simulation_grant_secret',
  /** Signs the short-lived tokens that identify an organization to the planner map. */
  plannerMap: 'planner_map_secret',
  /** Derives each organization's tracking key and hashes client addresses of tracking events. */
  tracking: 'tracking_secret',
  /** Keys the hashes of audience device identifiers (decision 019): the raw identifiers are never stored. */
  audienceIdentifiers: 'audience_identifier_secret',
  /** Signs the short-lived links of creative previews (decision 023). */
  creativePreview: 'creative_preview_secret',
  /** Signs the bidder's tracking URLs (win, billing, impression, click, video events; docs/engine.md). */
  eventTicket: 'event_ticket_secret',
} as const;
export type InstallationSecret = keyof typeof INSTALLATION_SECRETS;

const loaded = new WeakMap<object, Map<InstallationSecret, Promise<string>>>();

const loadSecret = async (db: Kysely<Database>, name: InstallationSecret): Promise<string> => {
  const key = INSTALLATION_SECRETS[name];
  await db
    .insertInto('platform_settings')
    .values({ key, value: newToken() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.value) throw new Error(`the installation secret ${key} is missing`);
  return row.value;
};

/** The secret, read once per database handle; a failed read is retried on the next call. */
export const installationSecret = (db: Kysely<Database>, name: InstallationSecret): Promise<string> => {
  const secrets = loaded.get(db) ?? new Map<InstallationSecret, Promise<string>>();
  loaded.set(db, secrets);
  const cached = secrets.get(name);
  if (cached) return cached;
  const pending = loadSecret(db, name).catch((error: unknown) => {
    secrets.delete(name);
    throw error;
  });
  secrets.set(name, pending);
  return pending;
};

/** HMAC-SHA256 of `message` under `secret`, URL-safe. */
export const sign = (secret: string, message: string): string =>
  createHmac('sha256', secret).update(message).digest('base64url');
