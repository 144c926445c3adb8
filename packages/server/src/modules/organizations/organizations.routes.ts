import { ORGANIZATION_LIST_SPEC } from '@beacon/domain/validation/organization';
import { FAVICON_UPLOAD, ORGANIZATION_LOGO_UPLOAD } from '@beacon/domain/validation/uploads';
import type { AppInstance } from '../../app-types';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { acceptMultipart, describeUploads, type UploadField } from '../../plugins/uploads';
import {
  ZOrganization,
  ZOrganizationCreateRequest,
  ZOrganizationDuplicate,
  ZOrganizationParams,
  ZOrganizationsBulkUpdate,
  ZOrganizationsDownloadQuery,
  ZOrganizationUpdate,
} from './organizations.schemas';
import {
  bulkUpdateOrganizations,
  createOrganizationWithOwner,
  duplicateOrganization,
  findVisibleOrganization,
  listVisibleChildren,
  listVisibleOrganizations,
  type OrganizationUploadField,
  organizationsCsv,
  updateOrganization,
} from './organizations.service';

/** The files an organization update may carry: the logo (stored in `image`) and the favicon (decision 035). */
const ORGANIZATION_UPLOADS = {
  logo: ORGANIZATION_LOGO_UPLOAD,
  favicon: FAVICON_UPLOAD,
} as const satisfies Record<OrganizationUploadField, UploadField>;

/** The name the CSV download is saved under (§7: "CSV named organizations"). */
export const ORGANIZATIONS_CSV_FILENAME = 'organizations.csv';

/**
 * Organization calls of spec §7. The three reads are the `account` resource (every role, every organization
 * role) and rely on the tenant scope for what each caller sees (decision 009); the writes follow decision 010.
 */
export const organizationsRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/v2/organization/:id', {
    config: { access: 'account' },
    schema: {
      summary: 'One organization the caller may see (its own, a descendant, or any for operator staff)',
      tags: ['organizations'],
      params: ZOrganizationParams,
      response: { 200: ZOrganization },
    },
    handler: async (request) => findVisibleOrganization(app.deps.db, principalOf(request), request.params.id),
  });

  app.get('/organization/:id/children', {
    config: { access: 'account' },
    schema: {
      summary: 'The direct children of an organization the caller may see, by name (deleted ones left out)',
      tags: ['organizations'],
      params: ZOrganizationParams,
      response: { 200: ZOrganization.array() },
    },
    handler: async (request) => listVisibleChildren(app.deps.db, principalOf(request), request.params.id),
  });

  app.get('/organizations', {
    config: { access: 'account' },
    schema: {
      summary: 'Organizations the caller may see; deleted ones only when filtering on `state`',
      description: describeListQuery(ORGANIZATION_LIST_SPEC),
      tags: ['organizations'],
      querystring: ZListQuery(ORGANIZATION_LIST_SPEC),
      response: { 200: ZOrganization.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleOrganizations(
        app.deps.db,
        principalOf(request),
        request.query,
      );
      return sendList(reply, rows, total);
    },
  });

  // Writes (decision 010): the `account` resource lets every role in, the service applies §6 edit rights on
  // top of the tenant scope (404 outside it, 403 for a role or a field the caller may not set).
  app.post('/v2/organization', {
    config: { access: 'account' },
    schema: {
      summary:
        'Create an organization with its main user (role owner); internal staff anywhere, an owner below its own',
      tags: ['organizations'],
      body: ZOrganizationCreateRequest,
      response: { 201: ZOrganization },
    },
    handler: async (request, reply) => {
      const organization = await createOrganizationWithOwner(app.deps, principalOf(request), request.body);
      return reply.code(201).send(organization);
    },
  });

  app.put('/v2/organization/:id', {
    config: { access: 'account' },
    preValidation: acceptMultipart(ORGANIZATION_UPLOADS),
    schema: {
      summary: 'Change an organization at the version last read (409 when stale); logo and favicon as files',
      description: describeUploads(ORGANIZATION_UPLOADS),
      tags: ['organizations'],
      params: ZOrganizationParams,
      body: ZOrganizationUpdate,
      response: { 200: ZOrganization },
    },
    handler: async (request) =>
      updateOrganization(app.deps, principalOf(request), request.params.id, request.body, request.uploads),
  });

  app.put('/backoffice/organizations', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Apply the same changes to many organizations (state DELETED deletes them); all or nothing',
      tags: ['organizations'],
      body: ZOrganizationsBulkUpdate,
      response: { 200: ZOrganization.array() },
    },
    handler: async (request) => bulkUpdateOrganizations(app.deps, principalOf(request), request.body),
  });

  app.post('/v2/organization/:id/duplicate', {
    config: { access: 'account' },
    schema: {
      summary: "A new organization with another's settings; users and their credentials are never copied",
      tags: ['organizations'],
      params: ZOrganizationParams,
      body: ZOrganizationDuplicate,
      response: { 201: ZOrganization },
    },
    handler: async (request, reply) => {
      const copy = await duplicateOrganization(
        app.deps,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(copy);
    },
  });

  // A download: POST from the console (fetch with headers), GET from a new tab with ?token= (§7). It writes
  // nothing, so demo mode may use it.
  app.route({
    method: ['POST', 'GET'],
    url: '/v2/backoffice/organizations/download',
    config: { access: 'backoffice', allowQueryToken: true, allowInDemo: true },
    schema: {
      summary: 'The organizations of the grid’s filters, search and sort (every page) as organizations.csv',
      description: `text/csv attachment. ${describeListQuery(ORGANIZATION_LIST_SPEC)}`,
      tags: ['organizations'],
      querystring: ZOrganizationsDownloadQuery,
    },
    handler: async (request, reply) => {
      const csv = await organizationsCsv(app.deps.db, principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ORGANIZATIONS_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
