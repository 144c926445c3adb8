import {
  PLANNER_MAP_NOT_CONFIGURED_MESSAGE,
  PLANNER_MAP_NOT_CONFIGURED_REASON,
  PLANNER_MAP_PARAMS,
  PLANNER_MAP_TOKEN_SECONDS,
} from '@beacon/domain/dictionary/planner-map';
import type { Deps, Principal } from '../../app-types';
import type { Config } from '../../config/config';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';
import { scopeOf } from '../../lib/tenant-scope';
import { getOrganization } from '../organizations/organizations.service';
import { signPlannerToken } from './planner-map-tokens';

const httpUrl = (configured: string): URL | undefined => {
  try {
    const url = new URL(configured);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  } catch {
    // Not a URL: the planner map is off, like with a URL of another scheme.
  }
  return undefined;
};

/**
 * Whether the installation has a planner map (PLANNER_MAP_URL is an http(s) address). The console reads it in
 * the settings of GET /dictionary, so that it never asks for an address the server can only refuse.
 */
export const isPlannerMapConfigured = (config: Pick<Config, 'plannerMapUrl'>): boolean =>
  config.plannerMapUrl !== undefined && httpUrl(config.plannerMapUrl) !== undefined;

/** PLANNER_MAP_URL as an http(s) address, or undefined when it is unset or not one. */
const plannerBaseUrl = (deps: Pick<Deps, 'config' | 'logger'>): URL | undefined => {
  const configured = deps.config.plannerMapUrl;
  if (!configured) return undefined;
  const url = httpUrl(configured);
  if (url) return url;
  deps.logger.warn(
    { plannerMapUrl: configured },
    'PLANNER_MAP_URL is not an http(s) URL; the planner map is off',
  );
  return undefined;
};

/**
 * The address the console opens for an organization's planner map (§7: the answer's `message`): the configured
 * PLANNER_MAP_URL with the organization id and a token signed for it that expires after
 * PLANNER_MAP_TOKEN_SECONDS. Absent, deleted or out-of-scope organizations are a 404; so is an installation
 * without a planner, with its own message and `reason`, so that the console can tell the two apart.
 */
export const plannerMapRedirect = async (
  deps: Deps,
  principal: Principal,
  organizationId: string,
): Promise<{ message: string }> => {
  const organization = await getOrganization(deps.db, scopeOf(principal), organizationId);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const url = plannerBaseUrl(deps);
  if (!url) {
    throw new AppError('NOT_FOUND', {
      message: PLANNER_MAP_NOT_CONFIGURED_MESSAGE,
      extra: { reason: PLANNER_MAP_NOT_CONFIGURED_REASON },
    });
  }
  const secret = await installationSecret(deps.db, 'plannerMap');
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + PLANNER_MAP_TOKEN_SECONDS;
  url.searchParams.set(PLANNER_MAP_PARAMS.organizationId, organization.id);
  url.searchParams.set(
    PLANNER_MAP_PARAMS.token,
    signPlannerToken(secret, { organizationId: organization.id, expiresAt }),
  );
  return { message: url.toString() };
};
