#!/usr/bin/env node
// Builds what `npm start` serves: the server bundle (esbuild) and, once it exists, the console (Vite).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** Third-party packages stay in node_modules; the workspace's own TypeScript is bundled. */
const externals = [
  ...Object.keys(readJson('packages/server/package.json').dependencies ?? {}),
  ...Object.keys(readJson('packages/domain/package.json').dependencies ?? {}),
];

export const buildServer = async () => {
  // Loaded here so that a start with nothing to build does not pay for esbuild.
  const { build } = await import('esbuild');
  const bundle = (entry, outfile) =>
    build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(root, outfile),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      sourcemap: true,
      external: externals,
      logLevel: 'warning',
    });
  // The embedded database's worker thread runs next to main.js (decision 013).
  await Promise.all([
    bundle('packages/server/src/main.ts', 'packages/server/dist/main.js'),
    bundle('packages/server/src/db/pglite-worker.mjs', 'packages/server/dist/pglite-worker.mjs'),
  ]);
};

/** A migrated empty PGlite cluster next to the bundle: a first `npm start` copies it (decision 004). */
export const buildClusterTemplate = async () => {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'packages/server/dist/main.js'), 'prepare-cluster'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('preparing the embedded cluster template failed');
};

/** Gzip and Brotli copies of the console's assets, served as they are when the browser accepts them. */
const precompress = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const content = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(content));
    }
  }
};

export const buildWeb = async () => {
  if (!existsSync(path.join(root, 'packages/web/index.html'))) return;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ root: path.join(root, 'packages/web'), logLevel: 'warn' });
  precompress(path.join(root, 'packages/web/dist'));
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  await buildClusterTemplate();
  await buildWeb();
  console.log(`Built in ${Date.now() - started} ms`);
}
