import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadWithRetry } from './lazy';

const fetchFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://beacon.test/assets/Page-abc.js');

describe('loading a chunk again', () => {
  it('answers the module once a later attempt fetches it', async () => {
    let calls = 0;
    const module = await loadWithRetry(async () => {
      calls += 1;
      if (calls < 3) throw fetchFailure();
      return { default: 'page' };
    }, [0, 0, 0]);
    expect(module).toEqual({ default: 'page' });
    expect(calls).toBe(3);
  });

  it('gives up after the last delay with a ChunkLoadError', async () => {
    let calls = 0;
    const loading = loadWithRetry(async () => {
      calls += 1;
      throw fetchFailure();
    }, [0, 0]);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    expect(calls).toBe(3);
    expect(isChunkLoadError(await loading.catch((error: unknown) => error))).toBe(true);
  });

  it('does not load again a module whose own code throws', async () => {
    let calls = 0;
    const failure = new Error('a bug in the page');
    await expect(
      loadWithRetry(async () => {
        calls += 1;
        throw failure;
      }, [0, 0]),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
    expect(isChunkLoadError(failure)).toBe(false);
  });
});
