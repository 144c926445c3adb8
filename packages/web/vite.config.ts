import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The console is served by the API server from `dist/` (see packages/server/src/plugins/console.ts). In
 * development `vite` serves it and forwards /api to a server started with `npm start`.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
