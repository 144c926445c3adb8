import { USER_ROLES } from '@beacon/domain/dictionary/roles';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { z } from 'zod';

/**
 * POST /login takes either username and password, or the token of a simulation grant (§7). One object with a
 * refinement, so that a missing field is reported on its own path with the §5 message.
 */
export const ZLoginRequest = z
  .strictObject({
    username: z.string().max(254).optional(),
    password: z.string().max(1024).optional(),
    token: z.string().max(2048).optional(),
  })
  .superRefine((value, context) => {
    if (value.token !== undefined) {
      if (!value.token.trim())
        context.addIssue({ code: 'custom', path: ['token'], message: REQUIRED_MESSAGE });
      return;
    }
    if (!value.username?.trim())
      context.addIssue({ code: 'custom', path: ['username'], message: REQUIRED_MESSAGE });
    if (!value.password) context.addIssue({ code: 'custom', path: ['password'], message: REQUIRED_MESSAGE });
  });

const ZCustomization = z.object({
  color: z.string().nullable(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  title: z.string().nullable(),
  isWhitelabel: z.boolean(),
});

export const ZSimulatableUser = z.object({
  id: z.number(),
  token: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  organization: z.object({ id: z.number(), name: z.string() }),
});

const ZSessionBase = z.object({
  token: z.string(),
  role: z.enum(USER_ROLES),
  user: z.object({ id: z.number(), username: z.string(), name: z.string(), email: z.string() }),
  organization: z.object({
    id: z.number(),
    role: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    title: z.string().nullable(),
    favicon: z.string().nullable(),
    color: z.string().nullable(),
    parent: z.number().nullable(),
    invoicing: z.object({ payment_terms: z.string(), currency_invoicing: z.string() }),
  }),
  customization: ZCustomization,
  users: z.array(ZSimulatableUser),
  impersonator: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
  landing: z.string().describe('Where this user lands after login (the role-based route of spec §2)'),
  created_at: z.string(),
  expires_at: z.string(),
  password_expires_at: z.string().nullable(),
  password_warning_at: z
    .string()
    .nullable()
    .describe('From this time on the console warns that the password expires soon'),
  decimal_mark: z.string(),
  hide_docs: z.boolean(),
  test: z.boolean(),
  image: z.string(),
  operator_staff: z
    .boolean()
    .describe(
      "Whether the user is the operator's own staff, who see and act for every organization (decision 002)",
    ),
});

/** The session object of spec §3. `simulation` is filled by the console when it stores a simulated session. */
export const ZSession = ZSessionBase.extend({
  simulation: ZSessionBase.extend({ simulation: z.null() }).nullable(),
});

export const ZSessionUsersQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const ZMessage = z.object({ message: z.string() });
