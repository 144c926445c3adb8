// Console measures: what /access/login loads (gzipped) and how soon it is interactive. Filled in once the
// console exists; until then it measures nothing rather than something made up.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const measureWeb = async (root) => {
  if (!existsSync(path.join(root, 'packages/web/dist/index.html'))) return [];
  return [];
};
