import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { api, apiList, apiRaw, type Credentials, configureApiClient, newTabUrl } from './client';

type Call = { url: string; init: RequestInit };

const calls: Call[] = [];
const onUnauthorized = vi.fn();
const onForbidden = vi.fn();
let credentials: Credentials = { token: 'session-token', isDemo: false };

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });

const headersOf = (call: Call | undefined): Headers => new Headers(call?.init.headers);

beforeEach(() => {
  calls.length = 0;
  credentials = { token: 'session-token', isDemo: false };
  onUnauthorized.mockReset();
  onForbidden.mockReset();
  configureApiClient({ getCredentials: () => credentials, onUnauthorized, onForbidden });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api requests (§7)', () => {
  it('sends the bearer token, serialised params and no demo header by default', async () => {
    vi.stubGlobal('fetch', respond(200, { ok: true }));
    await expect(
      api('/campaigns', { params: { search: '', page: 1, state: { any: ['active'] } } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]?.url).toBe('/api/campaigns?page=1&state[any]=active');
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer session-token');
    expect(headersOf(calls[0]).has('x-demo')).toBe(false);
  });

  it('adds x-demo: 1 to every request while demo mode is on', async () => {
    credentials = { token: 'session-token', isDemo: true };
    vi.stubGlobal('fetch', respond(200, {}));
    await api('/dictionary');
    expect(headersOf(calls[0]).get('x-demo')).toBe('1');
  });

  it('sends JSON bodies, and FormData untouched so that the browser sets the multipart boundary', async () => {
    vi.stubGlobal('fetch', respond(200, {}));
    await api('/login', { method: 'POST', body: { username: 'owner' } });
    expect(calls[0]?.init.body).toBe('{"username":"owner"}');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
    const form = new FormData();
    form.append('name', 'Logo');
    await api('/user', { method: 'PUT', body: form });
    expect(calls[1]?.init.body).toBe(form);
    expect(headersOf(calls[1]).has('content-type')).toBe(false);
  });

  it('uses an explicit token instead of the session one, or none', async () => {
    vi.stubGlobal('fetch', respond(200, {}));
    await api('/password', { method: 'PUT', token: 'restricted' });
    await api('/login', { method: 'POST', token: null });
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer restricted');
    expect(headersOf(calls[1]).has('authorization')).toBe(false);
  });

  it('reads list totals from x-total-count', async () => {
    vi.stubGlobal('fetch', respond(200, [{ id: 1 }, { id: 2 }], { 'x-total-count': '57' }));
    await expect(apiList('/campaigns')).resolves.toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 57 });
  });

  it('answers the raw response on request', async () => {
    vi.stubGlobal('fetch', respond(201, { id: 7 }, { location: '/api/campaign/7' }));
    const raw = await apiRaw('/campaign', { method: 'POST', body: {} });
    expect(raw.status).toBe(201);
    expect(raw.data).toEqual({ id: 7 });
    expect(raw.headers.get('location')).toBe('/api/campaign/7');
  });

  it('puts token and demo flag in the query of a document opened in a new tab', () => {
    credentials = { token: 'abc', isDemo: true };
    expect(newTabUrl('/report.csv', { from: '2024-01-01' })).toBe(
      '/api/report.csv?from=2024-01-01&token=abc&demo=1',
    );
  });
});

describe('api errors (§8)', () => {
  it('logs out on a 401 of an authenticated request', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { message: 'Your session has expired. Please log in again', code: 'SESSION_EXPIRED' }),
    );
    await expect(api('/session')).rejects.toThrow('Your session has expired. Please log in again');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });

  it('leaves a 401 to the caller when asked to (login, simulation grant)', async () => {
    vi.stubGlobal('fetch', respond(401, { message: 'The username or password is not correct' }));
    await expect(api('/login', { method: 'POST', token: null })).rejects.toThrow(
      'The username or password is not correct',
    );
    await expect(api('/login', { method: 'POST', handleAuthErrors: false })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('navigates home on a 403 and throws', async () => {
    vi.stubGlobal(
      'fetch',
      respond(403, { message: 'You do not have permission to do this', code: 'FORBIDDEN' }),
    );
    await expect(api('/backoffice/organizations')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it("answers 'Request failed' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/session')).rejects.toMatchObject({ message: 'Request failed', status: null });
  });

  it("answers 'Request aborted' when the caller aborts", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = api('/session', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: 'Request aborted' });
  });
});
