/**
 * PUT /v2/organization/{id} (§7): the changes with the version last read (409 when someone saved in
 * between). With a logo or favicon the request is multipart: the changes as JSON in `data`, each file in its
 * own field.
 */
import type { TOrganizationUpdateInput } from '@beacon/domain/validation/organization-form';
import { api } from '../../../api/client';
import type { Organization } from './organization';

export type OrganizationFiles = { readonly logo?: File | null; readonly favicon?: File | null };

const multipartOf = (changes: TOrganizationUpdateInput, files: OrganizationFiles): FormData => {
  const form = new FormData();
  form.append('data', JSON.stringify(changes));
  if (files.logo) form.append('logo', files.logo);
  if (files.favicon) form.append('favicon', files.favicon);
  return form;
};

export const updateOrganization = (
  id: number,
  changes: TOrganizationUpdateInput,
  files: OrganizationFiles = {},
): Promise<Organization> =>
  api<Organization>(`/v2/organization/${id}`, {
    method: 'PUT',
    body: files.logo || files.favicon ? multipartOf(changes, files) : changes,
  });
