import { afterEach, describe, expect, it, vi } from 'vitest';

/** notistack's live bindings, as its provider sets them when it is made. */
const provider = vi.hoisted(() => ({
  enqueue: undefined as undefined | ((message: unknown, options: unknown) => string | number),
  close: undefined as undefined | ((key?: unknown) => void),
}));
vi.mock('notistack', () => ({
  get enqueueSnackbar() {
    return provider.enqueue;
  },
  get closeSnackbar() {
    return provider.close;
  },
}));

const { closeSnackbar, enqueueSnackbar, showWaitingSnackbars } = await import('./snackbar');

afterEach(() => {
  provider.enqueue = undefined;
  provider.close = undefined;
});

describe('snackbars sent before the provider mounts', () => {
  it('wait for it, keep their order and their keys, and can be closed meanwhile', () => {
    const first = enqueueSnackbar('Campaign saved', { variant: 'success' });
    const second = enqueueSnackbar('Copy made', { variant: 'info', key: 'copy' });
    const third = enqueueSnackbar('Gone soon');
    expect(second).toBe('copy');
    expect(new Set([first, second, third]).size).toBe(3);
    closeSnackbar(third);
    const shown: unknown[] = [];
    provider.enqueue = (message, options) => {
      shown.push([message, options]);
      return shown.length;
    };
    showWaitingSnackbars();
    expect(shown).toEqual([
      ['Campaign saved', { variant: 'success', key: first }],
      ['Copy made', { variant: 'info', key: 'copy' }],
    ]);
    showWaitingSnackbars();
    expect(shown).toHaveLength(2);
  });

  it('go straight to the provider once it is there', () => {
    const shown: unknown[] = [];
    const closed: unknown[] = [];
    provider.enqueue = (message) => {
      shown.push(message);
      return 7;
    };
    provider.close = (key) => closed.push(key);
    expect(enqueueSnackbar('Saved')).toBe(7);
    closeSnackbar(7);
    expect(shown).toEqual(['Saved']);
    expect(closed).toEqual([7]);
  });
});
