import { USER_ROLES } from '@beacon/domain/dictionary/roles';
import { requiredString } from '@beacon/domain/validation/generic';
import { z } from 'zod';

export const ZLoginWithPassword = z.strictObject({
  username: requiredString({ max: 254 }),
  password: z.string({ error: 'This field is required' }).min(1, { error: 'This field is required' }).max(1024),
});

export const ZLoginWithGrant = z.strictObject({ token: requiredString({ max: 2048 }) });

export const ZLoginRequest = z.union([ZLoginWithPassword, ZLoginWithGrant]);

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
  decimal_mark: z.string(),
  hide_docs: z.boolean(),
  test: z.boolean(),
  image: z.string(),
});

/** The session object of spec §3. `simulation` is filled by the console when it stores a simulated session. */
export const ZSession = ZSessionBase.extend({ simulation: ZSessionBase.extend({ simulation: z.null() }).nullable() });

export const ZSessionUsersQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const ZMessage = z.object({ message: z.string() });
