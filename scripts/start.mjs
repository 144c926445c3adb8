#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then run the server (migrate, seed on first start, listen).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const newestSource = (dir) => {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
};

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const serverBundle = path.join(root, 'packages/server/dist/main.js');
const databaseWorker = path.join(root, 'packages/server/dist/pglite-worker.mjs');
const webIndex = path.join(root, 'packages/web/dist/index.html');
const domainChanged = newestSource(path.join(root, 'packages/domain/src'));

const { buildClusterTemplate, buildServer, buildWeb } = await import('./build.mjs');
const serverBuiltAt = Math.min(builtAt(serverBundle), builtAt(databaseWorker));
if (serverBuiltAt < Math.max(domainChanged, newestSource(path.join(root, 'packages/server/src')))) {
  console.log('Building the server…');
  await buildServer();
  await buildClusterTemplate();
}
if (!existsSync(path.join(root, 'packages/server/dist/pglite-cluster.tar'))) await buildClusterTemplate();
const hasWeb = existsSync(path.join(root, 'packages/web/index.html'));
if (hasWeb && builtAt(webIndex) < Math.max(domainChanged, newestSource(path.join(root, 'packages/web')))) {
  console.log('Building the console…');
  await buildWeb();
}

process.argv.splice(2, 0, 'start');
await import(pathToFileURL(serverBundle).href);
