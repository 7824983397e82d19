/**
 * Vite for the PWA: the repository top is the root (index.html lives there), the build goes to
 * dist/ (the API server serves it), and the dev server forwards the API and the sandbox to the
 * local server so the app runs same-origin, exactly as in production.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // The icons are matched by globPatterns already; listing them again duplicates precache entries.
      includeManifestIcons: false,
      manifest: {
        name: 'Card Portal',
        short_name: 'Card Portal',
        description: 'Virtual payment cards for business: wallet, top-ups and cards.',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b1f4b',
        background_color: '#f5f7fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg}'],
        navigateFallback: '/index.html',
        // API and sandbox answers are never served from the precache (architecture.md).
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/sandbox': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/sandbox': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
