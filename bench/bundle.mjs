// The engine's and the simulator's own TypeScript, bundled with esbuild (what the build uses) and imported from
// memory, so that a bench runs the code it measures with no second copy of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports `contents` (export lines) as a module whose relative imports resolve from `dir` (repository-relative). */
export const importFromSource = async (dir, contents) => {
  const { build } = await import('esbuild');
  const bundled = await build({
    stdin: { contents, resolveDir: path.join(root, dir), loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
};
