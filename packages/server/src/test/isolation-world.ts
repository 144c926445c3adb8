/**
 * The demo world the resource isolation tests share: three target organizations (Demo Agency, its child Demo
 * Advertiser, Northwind Media, a reseller's), a caller of every kind, and what each caller's tenant scope holds —
 * written from the tenant rules of DESIGN §5, not from the code under test. Each module's test adds what §6 lets
 * each role do with its resource.
 */
import { createAccount } from './factories';
import { loginAs, startTestApp, type TestContext } from './test-app';

export type Target = 'agency' | 'advertiser' | 'northwind';
export const TARGETS: readonly Target[] = ['agency', 'advertiser', 'northwind'];

/** Demo users by username, and `child_owner`, an owner created in Demo Advertiser. */
export const CALLERS = [
  'owner',
  'editor',
  'viewer',
  'advertiser',
  'adexchange',
  'audience_manager',
  'creative_manager',
  'child_owner',
  'reseller',
  'data_partner',
  'other_partner',
  'support',
  'supervisor',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What each caller's tenant scope holds: the agency's users its tree, the child's owner the child, staff all. */
export const VISIBLE: Record<Caller, readonly Target[]> = {
  owner: ['agency', 'advertiser'],
  editor: ['agency', 'advertiser'],
  viewer: ['agency', 'advertiser'],
  advertiser: ['agency', 'advertiser'],
  adexchange: ['agency', 'advertiser'],
  audience_manager: ['agency', 'advertiser'],
  creative_manager: ['agency', 'advertiser'],
  child_owner: ['advertiser'],
  reseller: ['northwind'],
  data_partner: [],
  other_partner: [],
  support: TARGETS,
  supervisor: TARGETS,
};

export type IsolationWorld = {
  readonly ctx: TestContext;
  readonly organizations: Readonly<Record<Target, string>>;
  readonly tokens: Readonly<Record<Caller, string>>;
};

const TARGET_NAMES: readonly [Target, string][] = [
  ['agency', 'Demo Agency'],
  ['advertiser', 'Demo Advertiser'],
  ['northwind', 'Northwind Media'],
];

/** Boots the app on the demo world and signs every caller in. */
export const startIsolationWorld = async (): Promise<IsolationWorld> => {
  const ctx = await startTestApp();
  const organizations = {} as Record<Target, string>;
  for (const [key, name] of TARGET_NAMES) {
    organizations[key] = (
      await ctx.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
  }
  const tokens = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    if (caller !== 'child_owner') tokens[caller] = await loginAs(ctx.app, caller);
  }
  const childOwner = await createAccount(ctx, {
    organizationId: organizations.advertiser,
    prefix: 'child_owner',
  });
  tokens.child_owner = await loginAs(ctx.app, childOwner.username, childOwner.password);
  return { ctx, organizations, tokens };
};
