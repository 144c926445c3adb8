#!/usr/bin/env node
// `npm run traffic -- [options]`: build the server bundle when it is missing or older than its sources, then run
// `beacon traffic` (the exchange simulator, docs/engine.md "Traffic simulator") against a running Beacon.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBundle = path.join(root, 'packages/server/dist/main.js');

const newestSource = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
};

const builtAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
const sources = ['packages/server/src', 'packages/domain/src'].map((dir) =>
  newestSource(path.join(root, dir)),
);
if (builtAt < Math.max(...sources)) {
  console.log('Building the server…');
  const { buildServer } = await import('./build.mjs');
  await buildServer();
}

process.argv.splice(2, 0, 'traffic');
await import(pathToFileURL(serverBundle).href);
