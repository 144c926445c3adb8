import type { AppInstance } from '../app-types';
import { EVENT_PATH_PREFIX } from '../engine/event-ticket';
import { HOSTED_VAST_PATH } from '../engine/markup';
import { AppError } from './app-error';

/**
 * The parts one process can run (`beacon start --only …`, docs/operations.md "Scaling out the engine"):
 * - `api`: the console, `/api` (the tracking postbacks `/api/track/…` included: they are console routes, not
 *   engine ones) and the job worker; it writes the control plane's heartbeat;
 * - `bidder`: `POST /rtb/{exchange}`, its index and state polling and the counts of its bids;
 * - `events`: the event intake `/ev/*` and the hosted VAST documents `/vast`.
 * `/api/health` answers in every part; the routes of a part a process does not run answer 404.
 */
export const PROCESS_PARTS = ['api', 'bidder', 'events'] as const;
export type ProcessPart = (typeof PROCESS_PARTS)[number];

const isPart = (value: string): value is ProcessPart => (PROCESS_PARTS as readonly string[]).includes(value);

/** `--only bidder,events` → the parts; absent → all of them. Throws on an unknown or empty list. */
export const parseParts = (text: string | undefined): ProcessPart[] => {
  if (text === undefined) return [...PROCESS_PARTS];
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new Error(`--only: name one or more of ${PROCESS_PARTS.join(', ')}`);
  const unknown = names.find((name) => !isPart(name));
  if (unknown !== undefined) {
    throw new Error(`--only: unknown part "${unknown}"; the parts are ${PROCESS_PARTS.join(', ')}`);
  }
  return PROCESS_PARTS.filter((part) => names.includes(part));
};

/** Whether the process runs every part (the default, and the only choice on the embedded database). */
export const runsEveryPart = (parts: readonly ProcessPart[]): boolean =>
  PROCESS_PARTS.every((part) => parts.includes(part));

/**
 * Why a start with these parts is refused, or undefined. The embedded database belongs to one process, so
 * splitting the parts across processes needs PostgreSQL (DATABASE_URL).
 */
export const partsRefusal = (parts: readonly ProcessPart[], isEmbedded: boolean): string | undefined =>
  isEmbedded && !runsEveryPart(parts)
    ? `--only ${parts.join(',')} refused: the embedded database belongs to one process, which runs every part. ` +
      'Set DATABASE_URL (PostgreSQL) to run the parts in separate processes.'
    : undefined;

/**
 * The paths of the parts this process does not run answer 404, also where the console would answer its
 * index.html for any GET (an `api` process without `events`).
 */
export const registerPartsNotRun = (app: AppInstance, parts: readonly ProcessPart[]): void => {
  const notRun = (url: string) =>
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { access: 'public' },
      schema: { hide: true },
      handler: async () => {
        throw new AppError('NOT_FOUND', { message: 'This process does not run this part of Beacon' });
      },
    });
  if (!parts.includes('bidder')) notRun('/rtb/*');
  if (!parts.includes('events')) {
    notRun(`${EVENT_PATH_PREFIX}/*`);
    notRun(HOSTED_VAST_PATH);
  }
};
