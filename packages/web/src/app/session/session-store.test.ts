import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, SessionIdentity } from '../../api/session';
import { SESSION_STORAGE_KEY } from './session-storage-key';
import {
  identityOf,
  selectActiveIdentity,
  selectActiveToken,
  selectIsSimulating,
  useSessionStore,
} from './session-store';

// The store persists to localStorage, which Node lacks: an in-memory one, in place before the store loads.
const storage = vi.hoisted(() => {
  class MemoryStorage implements Storage {
    readonly #items = new Map<string, string>();
    get length(): number {
      return this.#items.size;
    }
    clear(): void {
      this.#items.clear();
    }
    getItem(key: string): string | null {
      return this.#items.get(key) ?? null;
    }
    key(index: number): string | null {
      return [...this.#items.keys()][index] ?? null;
    }
    removeItem(key: string): void {
      this.#items.delete(key);
    }
    setItem(key: string, value: string): void {
      this.#items.set(key, value);
    }
  }
  const memory = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  return memory;
});

const identity = (overrides: Partial<SessionIdentity> & Pick<SessionIdentity, 'token'>): SessionIdentity => ({
  role: 'supervisor',
  user: { id: 1, username: 'supervisor', name: 'Sam Supervisor', email: 'sam@example.com' },
  organization: {
    id: 1,
    role: 'regular',
    name: 'Beacon Operations',
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
  created_at: '2025-01-01T00:00:00.000Z',
  expires_at: '2025-01-08T00:00:00.000Z',
  password_expires_at: null,
  password_warning_at: null,
  decimal_mark: '.',
  hide_docs: false,
  operator_staff: false,
  test: false,
  image: '',
  ...overrides,
});

const realSession: Session = {
  ...identity({
    token: 'real-token',
    users: [
      {
        id: 5,
        token: 'grant',
        username: 'owner',
        name: 'Olga Owner',
        role: 'owner',
        organization: { id: 2, name: 'Demo Agency' },
      },
    ],
  }),
  simulation: null,
};

const simulated = identity({
  token: 'simulated-token',
  role: 'owner',
  user: { id: 5, username: 'owner', name: 'Olga Owner', email: 'olga@example.com' },
  impersonator: { id: 1, username: 'supervisor', name: 'Sam Supervisor' },
});

beforeEach(() => {
  useSessionStore.setState({ session: null, isDemo: false, isSwitching: false, signedOutReason: null });
});

describe('session store (§4 transitions)', () => {
  it('creates a session, and keeps demo mode only for a role that may use it', () => {
    useSessionStore.getState().setDemo(true);
    useSessionStore.getState().create(realSession);
    expect(useSessionStore.getState().isDemo).toBe(true);
    useSessionStore.getState().create({ ...realSession, role: 'viewer' });
    expect(useSessionStore.getState().isDemo).toBe(false);
  });

  it('merges updates into the identity in use', () => {
    const store = useSessionStore.getState();
    store.create(realSession);
    store.update({ decimal_mark: ',' });
    expect(useSessionStore.getState().session?.decimal_mark).toBe(',');
    store.simulate(simulated);
    store.update({ hide_docs: true });
    expect(useSessionStore.getState().session?.simulation?.hide_docs).toBe(true);
    expect(useSessionStore.getState().session?.hide_docs).toBe(false);
  });

  it('stores a simulation, mirrors its token into the matching user and acts with it', () => {
    const store = useSessionStore.getState();
    store.create(realSession);
    store.simulate(simulated);
    const state = useSessionStore.getState();
    expect(selectIsSimulating(state)).toBe(true);
    expect(selectActiveIdentity(state)?.user.name).toBe('Olga Owner');
    expect(selectActiveToken(state)).toBe('simulated-token');
    expect(state.session?.users[0]?.token).toBe('simulated-token');
    expect(state.session?.token).toBe('real-token');
  });

  it('drops the simulation and acts as the real user again', () => {
    const store = useSessionStore.getState();
    store.create(realSession);
    store.simulate(simulated);
    store.dropSimulation();
    expect(selectActiveToken(useSessionStore.getState())).toBe('real-token');
    expect(selectIsSimulating(useSessionStore.getState())).toBe(false);
  });

  it('destroys the session with the reason the server gave, and turns demo mode off', () => {
    const store = useSessionStore.getState();
    store.create(realSession);
    store.setDemo(true);
    store.destroy('Your session has expired. Please log in again');
    const state = useSessionStore.getState();
    expect(state.session).toBeNull();
    expect(state.isDemo).toBe(false);
    expect(state.signedOutReason).toBe('Your session has expired. Please log in again');
    store.create(realSession);
    expect(useSessionStore.getState().signedOutReason).toBeNull();
  });

  it('persists the session and the demo flag, but not the transient flags', () => {
    useSessionStore.getState().create(realSession);
    useSessionStore.getState().setSwitching(true);
    const stored = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state.session.token).toBe('real-token');
    expect(stored.state).toHaveProperty('isDemo', false);
    expect(stored.state).not.toHaveProperty('isSwitching');
  });

  it('reads the identity of a server answer without its simulation', () => {
    expect(identityOf({ ...realSession, simulation: simulated })).not.toHaveProperty('simulation');
  });
});

/**
 * public/console-preload.js, run as the page runs it: with the meta tag the build writes (chunk-groups.ts) and
 * the localStorage the store above has written. It reads the store's persisted shape without importing it.
 */
describe('console-preload.js', () => {
  const script = readFileSync(new URL('../../../public/console-preload.js', import.meta.url), 'utf8');
  const files = ['/assets/forms-a.js', '/assets/shell-b.js', '/assets/ui-c.js'];

  const preloadedOn = (pathname: string): string[] => {
    const appended: { rel: string; href: string }[] = [];
    const meta = { content: files.join(' '), dataset: { sessionKey: SESSION_STORAGE_KEY } };
    const document = {
      querySelector: (selector: string) => (selector === 'meta[name="beacon-console-code"]' ? meta : null),
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { append: (link: { rel: string; href: string }) => appended.push(link) },
    };
    runInNewContext(script, { document, window: { location: { pathname }, localStorage: storage } });
    return appended.filter((link) => link.rel === 'modulepreload').map((link) => link.href);
  };

  it('asks for the signed-in code when the store holds a session', () => {
    useSessionStore.getState().create(realSession);
    expect(preloadedOn('/campaign/8/properties')).toEqual(files);
  });

  it('asks for nothing when signed out, or on the login pages', () => {
    useSessionStore.getState().create(realSession);
    expect(preloadedOn('/access/login')).toEqual([]);
    useSessionStore.getState().destroy();
    expect(preloadedOn('/campaigns')).toEqual([]);
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(preloadedOn('/campaigns')).toEqual([]);
  });
});
