/**
 * Lazily loaded code that survives a dropped connection: a page's or dialog's chunk that fails to load is asked
 * for again a few times (the browser fetches a failed module again on the next import), and only then is the
 * failure shown — as a ChunkLoadError, for which the error screen offers a reload (a new version of the
 * console, installed meanwhile, has new chunk names that only a reload finds).
 */
import { type ComponentType, type LazyExoticComponent, lazy as reactLazy } from 'react';

/** The waits before the second, third and fourth attempt. */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [250, 1000, 2500];

/** A chunk that could not be fetched (and not an error thrown by the code it holds). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** What browsers and Vite's preloader say when a module or its CSS cannot be fetched. */
const FETCH_FAILURE =
  /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && FETCH_FAILURE.test(error.message));

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Runs `load` (an `import()`), again after each delay while the chunk cannot be fetched. */
export const loadWithRetry = async <T>(
  load: () => Promise<T>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const delay = delays[attempt];
      if (delay === undefined) {
        throw new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      await wait(delay);
    }
  }
};

/** React's `lazy`, with the chunk asked for again when it fails to load. */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy takes a component of any props.
export const lazy = <T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
): LazyExoticComponent<T> => reactLazy(() => loadWithRetry(factory));
