import { canAccess, canEdit } from '@beacon/domain/access/permissions';
import type { TCampaignIssue } from '@beacon/domain/validation/campaign-form';
import { CAMPAIGN_DELETED_MESSAGE, INTERNAL_FIELD_MESSAGE } from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import { AppError } from '../../lib/app-error';
import {
  assertCanEdit,
  assertNotDeleted,
  assertVersion,
  type ResourceKind,
  readable,
} from '../../lib/resources';
import { scopeOf } from '../../lib/tenant-scope';
import { getOrganization } from '../organizations/organizations.service';
import { utcDay } from './campaign-status';
import { type CampaignRecord, type CampaignScope, findCampaignInScope } from './campaigns.repo';

/**
 * Who may read and change which campaign (decision 014), on the shared resource shape (decision 039). Reads need
 * §6 `campaigns`/`campaign` (the route declares it); writes also need an edit role. A campaign's organization
 * must be in the caller's campaign scope: 404 otherwise, whoever asks. The `internal` block is read and written
 * with §6 `internal campaign` only. The order of a write's checks is 404, 403, 409 `DELETED`, 409 `STALE_VERSION`.
 */

export const CAMPAIGN: ResourceKind & { table: 'campaigns' } = {
  entity: 'campaign',
  table: 'campaigns',
  canEdit,
  deletedMessage: CAMPAIGN_DELETED_MESSAGE,
};

export const todayOf = (deps: Deps): string => utcDay(deps.clock.now());

/**
 * The campaigns a caller may see: its tenant scope narrowed by its advertisers (decision 014). The session
 * read carries the advertisers, so this costs no statement.
 */
export const campaignScopeOf = (principal: Principal): CampaignScope => ({
  tenant: scopeOf(principal),
  advertiserPaths: principal.campaignAdvertiserPaths,
});

/** §6 `internal campaign`: fees, margins, notes and flags. */
export const mayUseInternal = (principal: Principal): boolean =>
  canAccess('internal-campaign', principal.role, principal.organizationRole);

const pathText = (path: readonly (string | number)[]): string => path.map(String).join('.');

export const invalid = (issues: readonly TCampaignIssue[], prefix = ''): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: issues[0]?.message,
    details: issues.map((issue) => ({ path: `${prefix}${pathText(issue.path)}`, message: issue.message })),
  });

export const invalidAt = (path: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

/** 403 when a caller without §6 `internal campaign` sends the internal block. */
export const assertInternalAllowed = (principal: Principal, body: { internal?: unknown }): void => {
  if (body.internal !== undefined && !mayUseInternal(principal)) {
    throw new AppError('FORBIDDEN', {
      message: INTERNAL_FIELD_MESSAGE,
      details: [{ path: 'internal', message: INTERNAL_FIELD_MESSAGE }],
    });
  }
};

type Visible = { record: CampaignRecord; scope: CampaignScope; today: string };

/** A campaign the caller may see (deleted ones too), else 404. */
export const visibleCampaign = async (deps: Deps, principal: Principal, id: string): Promise<Visible> => {
  const scope = campaignScopeOf(principal);
  const today = todayOf(deps);
  const record = await readable(findCampaignInScope(deps.db, scope, id, today));
  return { record, scope, today };
};

/**
 * A campaign the caller may change, in the one order of checks: 404 outside the scope, 403 without the edit
 * right (or sending `internal` without §6 `internal campaign`), 409 `DELETED`, 409 `STALE_VERSION` when a
 * version is given and is not the campaign's.
 */
export const writableCampaign = async (
  deps: Deps,
  principal: Principal,
  id: string,
  write: { version?: number; internal?: unknown } = {},
): Promise<Visible> => {
  const visible = await visibleCampaign(deps, principal, id);
  assertCanEdit(CAMPAIGN, principal);
  assertInternalAllowed(principal, write);
  assertNotDeleted(CAMPAIGN, visible.record);
  assertVersion(visible.record, write.version);
  return visible;
};

/** The organization a campaign goes to: visible to the caller (campaign scope), not deleted; else 404. */
export const targetOrganization = async (deps: Deps, scope: CampaignScope, id: string) => {
  const organization = await getOrganization(deps.db, scope.tenant, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  if (
    scope.advertiserPaths !== null &&
    !scope.advertiserPaths.some((path) => organization.path.startsWith(path))
  ) {
    throw new AppError('NOT_FOUND');
  }
  return organization;
};
