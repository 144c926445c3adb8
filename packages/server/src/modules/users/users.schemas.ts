import { USER_LIST_SPEC } from '@beacon/domain/validation/user-form';
import { z } from 'zod';
import { ZListQuery } from '../../lib/list-route';

export {
  ZPasswordUpdateBody,
  ZProfileUpdate,
  ZUserCreate,
  ZUserItem,
  ZUsersBulkUpdate,
  ZUserUpdate,
} from '@beacon/domain/validation/user-form';

/** A bigint identity in a path: digits only (anything else is a 400, not a 404). */
const ZPathId = (what: string) =>
  z.string().regex(/^[1-9]\d{0,17}$/, { error: `Give ${what} id (a positive whole number)` });

export const ZOrganizationUsersParams = z.strictObject({ id: ZPathId('an organization') });

export const ZOrganizationUserParams = z.strictObject({
  id: ZPathId('an organization'),
  userId: ZPathId('a user'),
});

const listQuery = ZListQuery(USER_LIST_SPEC);

/**
 * GET /organization/{id}/users: the list conventions, plus `include_children=1` for the users of the
 * organization's descendants as well. The handler receives `{ list, includeChildren }`.
 */
export const ZUsersQuery = listQuery.in
  .extend({
    include_children: z
      .enum(['0', '1'], { error: 'Use 1 to include the users of child organizations, or 0' })
      .optional()
      .meta({ description: '1: also the users of the descendants of the organization' }),
  })
  .transform((raw, context) => {
    const { include_children: includeChildren, ...rest } = raw;
    const parsed = listQuery.safeParse(rest);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { list: parsed.data, includeChildren: includeChildren === '1' };
  });
