import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionIdentity } from '../api/session';
import { mayOpen, prefetchDictionary, prefetchLoader } from './prefetch';
import { useSessionStore } from './session/session-store';

// The session store persists to localStorage, which Node lacks: an in-memory one, in place before it loads.
vi.hoisted(() => {
  const items = new Map<string, string>();
  const memory = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => items.delete(key),
    setItem: (key: string, value: string) => items.set(key, value),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
});

const signInAs = (role: SessionIdentity['role']) =>
  useSessionStore.getState().create({
    token: `${role}-token`,
    role,
    user: { id: 7, username: role, name: role, email: `${role}@example.com` },
    organization: {
      id: 3,
      role: 'regular',
      name: 'Demo Advertiser',
      image: null,
      title: null,
      favicon: null,
      color: null,
      parent: null,
      invoicing: { payment_terms: 'net30', currency_invoicing: 'usd' },
    },
    customization: { color: null, logo: null, favicon: null, title: null, isWhitelabel: false },
    users: [],
    impersonator: null,
    landing: '/campaigns',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-08T00:00:00.000Z',
    password_expires_at: null,
    password_warning_at: null,
    decimal_mark: '.',
    hide_docs: false,
    operator_staff: false,
    test: false,
    image: '',
    simulation: null,
  });

const loaderArgs = (path: string, params: Record<string, string>) => ({
  request: new Request(`http://localhost${path}`),
  params,
});

describe('route prefetching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useSessionStore.getState().destroy();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens nothing without a session, and only the pages the guard lets the role open', () => {
    expect(mayOpen('/campaign/5/properties')).toBe(false);
    signInAs('owner');
    expect(mayOpen('/campaign/5/properties')).toBe(true);
    signInAs('creative_manager');
    expect(mayOpen('/campaign/5/properties')).toBe(false);
  });

  it('starts the page prefetch on the next task, with the route params, when the page may be opened', () => {
    signInAs('owner');
    const prefetch = vi.fn();
    expect(
      prefetchLoader(prefetch)(loaderArgs('/campaign/5/properties', { id: '5', tab: 'properties' })),
    ).toBe(null);
    expect(prefetch).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(prefetch).toHaveBeenCalledWith({ id: '5', tab: 'properties' });
  });

  it('asks nothing for a role the guard turns away, nor without a session', () => {
    const prefetch = vi.fn();
    prefetchLoader(prefetch)(loaderArgs('/campaign/5/properties', { id: '5' }));
    signInAs('creative_manager');
    prefetchLoader(prefetch)(loaderArgs('/campaign/5/properties', { id: '5' }));
    vi.runAllTimers();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches the dictionary under the key the pages read it with (token and demo flag)', () => {
    const client = new QueryClient();
    const prefetchQuery = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    prefetchDictionary(client);
    expect(prefetchQuery).not.toHaveBeenCalled();
    signInAs('owner');
    prefetchDictionary(client);
    expect(prefetchQuery).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['dictionary', 'owner-token', false] }),
    );
  });
});
