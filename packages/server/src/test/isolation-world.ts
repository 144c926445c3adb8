/**
 * The demo world the isolation tests share: three target organizations (Demo Agency, its child Demo Advertiser,
 * Northwind Media, a reseller's), a caller of every kind, what each caller's tenant scope holds and which §6
 * areas each caller may use at all — written from the tenant rules and the tables of spec §6 (with decision
 * 038), not from the code under test.
 */
import type { AccessResource } from '@beacon/domain/access/resources';
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

/**
 * Who may use each §6 area of the tenant resources at all (spec §6: both the user role and the organization role
 * must allow it). The demo callers' roles: owner, editor, viewer, advertiser, adexchange, audience_manager and
 * creative_manager are what they say in Demo Agency (regular); child_owner owns Demo Advertiser and reseller
 * Northwind Media (both regular); data_partner owns a data-partner organization and other_partner an
 * other-partner one; support and supervisor are the operator's staff.
 */
export const AREA_CALLERS = {
  /** campaign, campaigns: all except advertiser, adexchange, audience and creative managers; no partner. */
  campaign: ['owner', 'editor', 'viewer', 'child_owner', 'reseller', 'support', 'supervisor'],
  campaigns: ['owner', 'editor', 'viewer', 'child_owner', 'reseller', 'support', 'supervisor'],
  /** internal campaign: admin, account manager, support, supervisor; no partner. */
  'internal-campaign': ['support', 'supervisor'],
  /** creative: all except advertiser, adexchange, audience manager; no partner. */
  creative: [
    'owner',
    'editor',
    'viewer',
    'creative_manager',
    'child_owner',
    'reseller',
    'support',
    'supervisor',
  ],
  /** creatives (the list): as creative, and not the viewer. */
  creatives: ['owner', 'editor', 'creative_manager', 'child_owner', 'reseller', 'support', 'supervisor'],
  /** resources audiences: all except advertiser, adexchange, creative manager, viewer; not an other-partner. */
  'resources-audiences': [
    'owner',
    'editor',
    'audience_manager',
    'child_owner',
    'reseller',
    'data_partner',
    'support',
    'supervisor',
  ],
  /** resources deals, geolists, publishers: also not the audience manager, nor any partner organization. */
  'resources-deals': ['owner', 'editor', 'child_owner', 'reseller', 'support', 'supervisor'],
  'resources-geolists': ['owner', 'editor', 'child_owner', 'reseller', 'support', 'supervisor'],
  'resources-publishers': ['owner', 'editor', 'child_owner', 'reseller', 'support', 'supervisor'],
} as const satisfies Partial<Record<AccessResource, readonly Caller[]>>;
export type Area = keyof typeof AREA_CALLERS;

/** §6 Edit: admin, account manager, owner, editor, support, supervisor (the partners' callers are owners). */
export const EDITORS: readonly Caller[] = [
  'owner',
  'editor',
  'child_owner',
  'reseller',
  'data_partner',
  'other_partner',
  'support',
  'supervisor',
];
/** Decision 038: the creative manager edits creatives, nothing else. */
export const CREATIVE_EDITORS: readonly Caller[] = [...EDITORS, 'creative_manager'];
/** Decision 038: the audience manager edits audiences and location audiences, nothing else. */
export const AUDIENCE_EDITORS: readonly Caller[] = [...EDITORS, 'audience_manager'];

/** The operator's staff: their scope is every organization, not only the three targets. */
export const STAFF: readonly Caller[] = ['support', 'supervisor'];

export type IsolationWorld = {
  readonly ctx: TestContext;
  readonly organizations: Readonly<Record<Target, string>>;
  /** Data Partner Co, the data partner's own organization (its scope). */
  readonly dataPartnerOrganization: string;
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
  const dataPartnerOrganization = (
    await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Data Partner Co')
      .executeTakeFirstOrThrow()
  ).id;
  const tokens = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    if (caller !== 'child_owner') tokens[caller] = await loginAs(ctx.app, caller);
  }
  const childOwner = await createAccount(ctx, {
    organizationId: organizations.advertiser,
    prefix: 'child_owner',
  });
  tokens.child_owner = await loginAs(ctx.app, childOwner.username, childOwner.password);
  return { ctx, organizations, dataPartnerOrganization, tokens };
};
