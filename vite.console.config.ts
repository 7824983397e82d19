/**
 * The operator console's build (issue 31; architecture.md "Operator console"): a Vite build of its
 * own, so no byte of it is in the customers' bundle, manifest or service-worker precache. Its root
 * is console/ (index.html there), its output dist/console/ with base /console/, which the server
 * serves at /console. `vite build` of the PWA runs it after its own (vite.config.ts, consoleBuild).
 * No service worker and no manifest: the console is not installable and not offline.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./console', import.meta.url)),
  base: '/console/',
  publicDir: false,
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
      '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
      // index.html names its module from the repository top, as the PWA's does.
      '/src/web/console': fileURLToPath(new URL('./src/web/console', import.meta.url)),
    },
  },
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
  },
});
