import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import {
  fetchPlannerMapUrl,
  fetchPostbackPixel,
  isPlannerMapNotConfigured,
  plannerMapAvailability,
} from './organization-tools';

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
const onUnauthorized = vi.fn();
const onForbidden = vi.fn();

const respond = (status: number, body: string, contentType = 'application/json') =>
  vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': contentType } });
  });

const NOT_CONFIGURED = JSON.stringify({
  statusCode: 404,
  code: 'NOT_FOUND',
  message: 'The planner map is not configured',
  reason: 'PLANNER_MAP_NOT_CONFIGURED',
});

beforeEach(() => {
  calls.length = 0;
  onForbidden.mockReset();
  configureApiClient({
    getCredentials: () => ({ token: 'session-token', isDemo: false }),
    onUnauthorized,
    onForbidden,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('planner map', () => {
  it('reads the address from the answer’s message', async () => {
    vi.stubGlobal('fetch', respond(200, JSON.stringify({ message: 'https://planner.example/?token=t' })));
    await expect(fetchPlannerMapUrl(7)).resolves.toBe('https://planner.example/?token=t');
    expect(calls[0]?.url).toBe('/api/organization/7/planner-map');
  });

  it('tells "not configured" apart from an organization that is not found', async () => {
    vi.stubGlobal('fetch', respond(404, NOT_CONFIGURED));
    const notConfigured = await fetchPlannerMapUrl(7).catch((error: unknown) => error);
    expect(isPlannerMapNotConfigured(notConfigured)).toBe(true);
    vi.stubGlobal(
      'fetch',
      respond(404, JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' })),
    );
    const notFound = await fetchPlannerMapUrl(7).catch((error: unknown) => error);
    expect(isPlannerMapNotConfigured(notFound)).toBe(false);
  });

  it('answers a 403 to the caller without sending the user home', async () => {
    vi.stubGlobal('fetch', respond(403, JSON.stringify({ statusCode: 403, message: 'Forbidden' })));
    await expect(fetchPlannerMapUrl(7)).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('knows from the dictionary’s settings whether there is a planner map, without asking for a 404', () => {
    vi.stubGlobal('fetch', respond(404, NOT_CONFIGURED));
    expect(plannerMapAvailability({ settings: { plannerMap: false, mapTiles: null } })).toBe(
      'not-configured',
    );
    expect(plannerMapAvailability({ settings: { plannerMap: true, mapTiles: null } })).toBe('available');
    expect(plannerMapAvailability(undefined)).toBeUndefined();
    expect(plannerMapAvailability({ userRoles: [] })).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('postback pixel', () => {
  it('asks for the event and tool and answers the text', async () => {
    vi.stubGlobal('fetch', respond(200, 'http://beacon.test/api/track/2-abc/3?tool=s2s', 'text/plain'));
    await expect(fetchPostbackPixel(2, 3, 's2s')).resolves.toBe(
      'http://beacon.test/api/track/2-abc/3?tool=s2s',
    );
    expect(calls[0]?.url).toBe('/api/v2/organization/2/postback?event_id=3&tracking_tool=s2s');
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('text/plain');
  });
});
