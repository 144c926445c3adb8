/**
 * The organization calls the account pages use (spec §7): one organization with its branding, time zone and
 * `version`, its children (the advertisers a user may be given), the branding update of a customized
 * organization and the owner's change of the time zone.
 */
import type { OrganizationRole } from '@beacon/domain/dictionary/roles';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { withFiles } from './multipart';

/** The fields of GET /v2/organization/{id} these pages read. */
export type AccountOrganization = {
  readonly id: number;
  readonly name: string;
  readonly role: OrganizationRole;
  readonly parent: number | null;
  readonly title: string | null;
  readonly image: string | null;
  readonly favicon: string | null;
  readonly color: string | null;
  /** IANA zone: the one new campaigns of the organization start in (docs/engine.md "Time zones"). */
  readonly time_zone: string;
  readonly version: number;
};

export const organizationQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: ['organization', organizationId],
    queryFn: ({ signal }) => api<AccountOrganization>(`/v2/organization/${organizationId}`, { signal }),
  });

/** GET /organization/{id}/children: the direct children, by name. */
export const childrenQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: ['organization', organizationId, 'children'],
    queryFn: ({ signal }) =>
      api<AccountOrganization[]>(`/organization/${organizationId}/children`, { signal }),
  });

/** What the branding form sends: title and colour as JSON, logo and favicon as files. */
export type BrandingUpdate = {
  readonly title: string | null;
  readonly color: string | null;
  /** null removes the logo (`image`) or the favicon; a new one is sent as a file. */
  readonly image?: null;
  readonly favicon?: null;
  readonly version: number;
};

export type BrandingFiles = { readonly logo?: File | null; readonly favicon?: File | null };

/**
 * PUT /v2/organization/{id}: JSON, or multipart with the JSON in `data` and the files in `logo` and `favicon`.
 * A stale `version` answers 409.
 */
export const updateBranding = (
  organizationId: number,
  changes: BrandingUpdate,
  files: BrandingFiles,
): Promise<AccountOrganization> =>
  api<AccountOrganization>(`/v2/organization/${organizationId}`, {
    method: 'PUT',
    body: withFiles(changes, files),
  });

/** What the organization settings form sends: the default zone of new campaigns, at the version last read. */
export type OrganizationSettingsUpdate = { readonly time_zone: string; readonly version: number };

/** PUT /v2/organization/{id} as JSON; a stale `version` answers 409. */
export const updateOrganizationSettings = (
  organizationId: number,
  changes: OrganizationSettingsUpdate,
): Promise<AccountOrganization> =>
  api<AccountOrganization>(`/v2/organization/${organizationId}`, { method: 'PUT', body: changes });
