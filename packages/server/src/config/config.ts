import path from 'node:path';

/** Every setting Beacon reads from the environment; README.md lists them for operators. */
export type Config = {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in `dataDir/db`. */
  databaseUrl: string | undefined;
  operatorOrganizationId: number;
  publicUrl: string;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who hears of a platform bidding stop or start (BEACON_TECH_TEAM_EMAIL; default tech@ the MAIL_FROM domain). */
  techTeamEmail: string;
  session: { idleTimeoutMinutes: number; absoluteTimeoutHours: number; cacheSeconds: number };
  password: { maxAgeDays: number; expiryWarningDays: number; resetTokenMinutes: number };
  /** Login throttling (decision 034): failures counted per window by username and address, pair and each. */
  login: {
    maxFailuresPerAccountAndAddress: number;
    maxFailuresPerAddress: number;
    maxFailuresPerAccountAllAddresses: number;
    windowMinutes: number;
  };
  simulationGrantSeconds: number;
  prepaymentMultiplier: number;
  plannerMapUrl: string | undefined;
  /**
   * The street map under the console's maps (BEACON_MAP_TILES, BEACON_MAP_ATTRIBUTION): a raster tile URL
   * template with `{z}`, `{x}` and `{y}`, and its attribution; null when `off` (the maps then show only the
   * bundled country outlines, which are also what stays when the tiles do not load).
   */
  mapTiles: MapTiles | null;
  /** Even pacing of campaigns with a target for the day (BEACON_PACING; `0` off: as fast as their limits allow). */
  pacing: boolean;
  /** Trust X-Forwarded-* headers from a load balancer in front of N processes. */
  trustProxy: boolean;
  /**
   * Redis (REDIS_URL): the engine's budgets, pacing figures, frequency caps and event de-duplication shared by
   * N bidder and event processes (docs/engine.md "Several processes"); absent: kept in this process.
   */
  redisUrl: string | undefined;
  /** Put before every key Beacon writes in that Redis (BEACON_REDIS_PREFIX), so that installations can share one. */
  redisKeyPrefix: string;
};

export type MapTiles = { url: string; attribution: string };

type Env = Record<string, string | undefined>;

export const DEFAULT_MAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** BEACON_MAP_TILES: unset for OpenStreetMap's tiles, `off` for none, or an http(s) template of `{z}/{x}/{y}`. */
const mapTiles = (env: Env): MapTiles | null => {
  const raw = env.BEACON_MAP_TILES?.trim();
  const attribution = env.BEACON_MAP_ATTRIBUTION?.trim();
  if (!raw) return { url: DEFAULT_MAP_TILES.url, attribution: attribution || DEFAULT_MAP_TILES.attribution };
  if (raw.toLowerCase() === 'off') return null;
  let protocol: string | undefined;
  try {
    // The placeholders are not valid in a host name ({s}): they are checked as the letter they stand for.
    protocol = new URL(raw.replace(/\{[a-z]\}/g, 'a')).protocol;
  } catch {
    protocol = undefined;
  }
  if (
    (protocol !== 'https:' && protocol !== 'http:') ||
    !['{z}', '{x}', '{y}'].every((p) => raw.includes(p))
  ) {
    throw new Error(
      `BEACON_MAP_TILES must be "off" or an http(s) URL template with {z}, {x} and {y} (got "${raw}")`,
    );
  }
  return { url: raw, attribution: attribution ?? '' };
};

const integer = (
  env: Env,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
};

const decimal = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
};

/** The domain of a sender such as `Beacon <no-reply@example.com>`; localhost when it names none. */
const mailDomain = (from: string): string => /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

export const loadConfig = (env: Env = process.env): Config => {
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0, 65_535);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const mailFrom = env.MAIL_FROM || 'Beacon <no-reply@beacon.localhost>';
  return {
    host,
    port,
    dataDir: path.resolve(env.BEACON_DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    operatorOrganizationId: integer(env, 'OPERATOR_ORG_ID', 1, 1),
    publicUrl: (env.PUBLIC_URL || `http://${urlHost}:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    techTeamEmail: env.BEACON_TECH_TEAM_EMAIL?.trim() || `tech@${mailDomain(mailFrom)}`,
    session: {
      idleTimeoutMinutes: integer(env, 'SESSION_IDLE_MINUTES', 8 * 60, 1),
      absoluteTimeoutHours: integer(env, 'SESSION_MAX_HOURS', 7 * 24, 1),
      cacheSeconds: integer(env, 'SESSION_CACHE_SECONDS', 2, 0, 60),
    },
    password: {
      maxAgeDays: integer(env, 'PASSWORD_MAX_AGE_DAYS', 180),
      expiryWarningDays: integer(env, 'PASSWORD_EXPIRY_WARNING_DAYS', 7),
      resetTokenMinutes: Math.min(integer(env, 'PASSWORD_RESET_MINUTES', 60, 1), 60),
    },
    login: {
      // The older LOGIN_MAX_FAILURES_PER_ACCOUNT was the low ceiling on guesses at one account: the pair's now.
      maxFailuresPerAccountAndAddress: integer(
        env,
        'LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS',
        integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1),
        1,
      ),
      maxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30, 1),
      maxFailuresPerAccountAllAddresses: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES', 100, 1),
      windowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1),
    },
    simulationGrantSeconds: integer(env, 'SIMULATION_GRANT_SECONDS', 300, 10),
    prepaymentMultiplier: decimal(env, 'PREPAYMENT_MULTIPLIER', 1),
    plannerMapUrl: env.PLANNER_MAP_URL || undefined,
    mapTiles: mapTiles(env),
    pacing: env.BEACON_PACING?.trim() !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisKeyPrefix: env.BEACON_REDIS_PREFIX?.trim() ?? '',
  };
};

/**
 * The Content-Security-Policy `img-src` source that lets the console load the configured tiles: the template's
 * scheme and host, with a subdomain placeholder (`{s}`) as a wildcard; undefined when the tiles are off.
 */
export const mapTilesImageSource = (tiles: MapTiles | null): string | undefined => {
  if (!tiles) return undefined;
  const origin = /^https?:\/\/[^/?#]+/i.exec(tiles.url)?.[0];
  if (!origin) return undefined;
  const source = origin.replace(/\{s\}/g, '*');
  return /[{}]/.test(source) ? `${source.slice(0, source.indexOf(':'))}:` : source;
};
