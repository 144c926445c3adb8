// The engine's and the simulator's own TypeScript, bundled with esbuild (what the build uses) and imported, so
// that a bench runs the code it measures with no second copy of it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dependenciesOf = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});
/** Third-party packages, as the server build leaves them (scripts/build.mjs); the workspace's own code is bundled. */
const externals = [
  ...dependenciesOf('packages/server/package.json'),
  ...dependenciesOf('packages/domain/package.json'),
];

/**
 * Imports `contents` (export lines) as a module whose relative imports resolve from `dir` (repository-relative).
 * Third-party packages stay outside the bundle and are imported from node_modules (some, such as ioredis,
 * cannot be bundled), so the module is written under `.tmp/` in the repository rather than imported from memory.
 */
export const importFromSource = async (dir, contents) => {
  const { build } = await import('esbuild');
  const bundled = await build({
    stdin: { contents, resolveDir: path.join(root, dir), loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: externals,
    logLevel: 'warning',
  });
  const text = bundled.outputFiles[0].text;
  const folder = path.join(root, '.tmp', 'bench-bundles');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${createHash('sha1').update(text).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, text);
  return import(pathToFileURL(file).href);
};
