import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { principalOf } from '../../lib/resources';
import { ZOrganizationParams } from '../organizations/organizations.schemas';
import { plannerMapRedirect } from './planner-map.service';

export const ZPlannerMapRedirect = z.object({
  message: z
    .string()
    .meta({ description: 'The planner map address to open, with a signed token for the organization' }),
});

/**
 * §7 `GET /organization/{id}/planner-map`. The planner is where campaigns are planned, so the route is the
 * `campaigns` resource of §6: the roles that may not see campaigns (advertiser, ad exchange, audience and
 * creative managers) and the partner organizations get a 403, like on the campaigns pages.
 */
export const plannerMapRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/organization/:id/planner-map', {
    config: { access: 'campaigns' },
    schema: {
      summary: 'The planner map address for an organization the caller may see (from PLANNER_MAP_URL)',
      description:
        'Answers `{message}`: PLANNER_MAP_URL with `organization_id` and a `token` that expires after 5 minutes. ' +
        '404 when the organization is not visible; 404 with `reason: PLANNER_MAP_NOT_CONFIGURED` when the ' +
        'installation has no planner map.',
      tags: ['organizations'],
      params: ZOrganizationParams,
      response: { 200: ZPlannerMapRedirect },
    },
    handler: async (request) => plannerMapRedirect(app.deps, principalOf(request), request.params.id),
  });
};
