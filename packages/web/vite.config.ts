import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunk-groups.ts';

const require = createRequire(import.meta.url);

/**
 * React Router's package exports resolve to its development build in every mode (react-router#14102), which
 * keeps its development warnings on in production. A build takes the production build it ships beside it.
 */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The console is served by the API server from `dist/` (see packages/server/src/plugins/console.ts). In
 * development `vite` serves it and forwards /api to a server started with `npm start`.
 */
export default defineConfig(({ command }) => {
  const chunks = chunkGroups();
  return {
    plugins: [react(), chunks.plugin],
    resolve:
      command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      assetsInlineLimit: 0,
      // The entry holds what every page runs (chunk-groups.ts); its size is held by the login page budget.
      chunkSizeWarningLimit: 700,
      rolldownOptions: { output: { codeSplitting: chunks.codeSplitting } },
    },
    server: {
      proxy: {
        '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
      },
    },
  };
});
