import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Demo mode (§4, §6) lets the operator's staff and owners present the console to others: while it is on, writes are
 * refused (the access plugin) and the names of clients — organizations, advertisers, campaigns, creatives and users —
 * are answered anonymised, here, as "Campaign 42", "Organization 7", "User 12", `user12`, `user12@example.invalid`.
 * Ids, numbers, states and dates stay real, so what is shown is still the live console. The caller's own session
 * (its name in the top bar) is not anonymised.
 */

type Label = 'Organization' | 'Advertiser' | 'Campaign' | 'Creative' | 'User';

/** What the rows of a route are, by the path segments it names (the last one that is known wins). */
const SEGMENT_LABELS: Readonly<Record<string, Label>> = {
  organization: 'Organization',
  organizations: 'Organization',
  advertisers: 'Advertiser',
  campaign: 'Campaign',
  campaigns: 'Campaign',
  creative: 'Creative',
  creatives: 'Creative',
  user: 'User',
  users: 'User',
  'linkable-creatives': 'Creative',
};

/** Objects under these keys are of this kind, wherever they are. */
const KEY_LABELS: Readonly<Record<string, Label>> = {
  actor: 'User',
  impersonator: 'User',
  user: 'User',
  users: 'User',
  main_user: 'User',
  client_services_owner: 'User',
  sales_owner: 'User',
  support: 'User',
  organization: 'Organization',
  organizations: 'Organization',
  advertiser: 'Advertiser',
  advertisers: 'Advertiser',
  parent: 'Organization',
  campaign: 'Campaign',
  campaigns: 'Campaign',
  creative: 'Creative',
  creatives: 'Creative',
};

/** `<thing>_name` fields beside the id they name. */
const NAMED_IDS: Readonly<Record<string, { label: Label; idKeys: readonly string[] }>> = {
  organization_name: { label: 'Organization', idKeys: ['organization', 'organization_id'] },
  advertiser_name: { label: 'Advertiser', idKeys: ['advertiser', 'advertiser_id'] },
  parent_name: { label: 'Organization', idKeys: ['parent', 'parent_id'] },
  campaign_name: { label: 'Campaign', idKeys: ['campaign', 'campaign_id'] },
  creative_name: { label: 'Creative', idKeys: ['creative', 'creative_id'] },
  user_name: { label: 'User', idKeys: ['user', 'user_id'] },
};

/** Routes answered as they are: the caller's own session and what is the same for everyone. */
const UNCHANGED = /^\/api\/(?:v2\/)?(?:session|dictionary|health|whitelabel|access|password|login|logout)\b/;

/** Segments that do not change what the rows are: `/api/v2/campaign/5/history` still speaks of campaign 5. */
const NEUTRAL_SEGMENTS = new Set(['', 'api', 'v2', 'history']);

/** The kind of the rows a route answers: `/api/campaigns` campaigns, `/api/campaign/5/strategies` none of ours. */
const labelOfRoute = (url: string): Label | undefined => {
  let label: Label | undefined;
  for (const segment of (url.split('?')[0] ?? '').split('/')) {
    if (/^\d+$/.test(segment) || NEUTRAL_SEGMENTS.has(segment)) continue;
    label = SEGMENT_LABELS[segment];
  }
  return label;
};

const idOf = (value: unknown): string | undefined =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : undefined;

const named = (label: Label, id: string | undefined): string => (id === undefined ? label : `${label} ${id}`);

const anonymise = (value: unknown, label: Label | undefined): unknown => {
  if (Array.isArray(value)) return value.map((item) => anonymise(item, label));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const id = idOf(object.id);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(object)) {
    const namedId = NAMED_IDS[key];
    if (namedId && typeof field === 'string') {
      out[key] = named(namedId.label, namedId.idKeys.map((idKey) => idOf(object[idKey])).find(Boolean));
    } else if (key === 'name' && typeof field === 'string' && label !== undefined) {
      out[key] = named(label, id);
    } else if (key === 'username' && typeof field === 'string' && label === 'User') {
      out[key] = `user${id ?? ''}`;
    } else if (key === 'email' && typeof field === 'string' && label === 'User') {
      out[key] = `user${id ?? ''}@example.invalid`;
    } else {
      out[key] = anonymise(field, KEY_LABELS[key]);
    }
  }
  return out;
};

/** The answer of a read in demo mode, with client names replaced; anything else as it is. */
const anonymisedPayload = (request: FastifyRequest, payload: string): string => {
  const label = labelOfRoute(request.url);
  return JSON.stringify(anonymise(JSON.parse(payload), label));
};

export const registerDemoNames = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.isDemo || request.method !== 'GET' || typeof payload !== 'string') return payload;
    if (UNCHANGED.test(request.url) || !request.url.startsWith('/api/')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json') || reply.statusCode >= 400)
      return payload;
    return anonymisedPayload(request, payload);
  });
};
