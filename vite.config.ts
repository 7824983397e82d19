/**
 * Vite for the PWA: the repository top is the root (index.html lives there), the build goes to
 * dist/ (the API server serves it), and the dev server forwards the API and the sandbox to the
 * local server so the app runs same-origin, exactly as in production.
 *
 * The PWA part (architecture.md "PWA", decisions.md "PWA"): a generated service worker that
 * precaches the app shell and caches exactly one API answer, `/api/enum/list`; and a web manifest
 * per language built from locales/<lang>/pwa.json.
 */
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import enPwa from './locales/en/pwa.json' with { type: 'json' };
import zhPwa from './locales/zh-CN/pwa.json' with { type: 'json' };

const API_ORIGIN = 'http://127.0.0.1:8080';
const THEME_COLOUR = '#0b1f4b';

/** The manifest of one language; everything but the texts is shared, `id` above all (one app). */
function manifestFor(lang: 'zh-CN' | 'en'): Partial<ManifestOptions> {
  const texts = (lang === 'en' ? enPwa : zhPwa).manifest;
  return {
    id: '/',
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOUR,
    background_color: '#f5f7fb',
    categories: ['finance', 'business'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** vite-plugin-pwa emits one manifest (Chinese, the default); this emits the English one. */
const ENGLISH_MANIFEST = 'manifest.en.webmanifest';
const englishManifestSource = `${JSON.stringify(manifestFor('en'))}\n`;

function englishManifest(): Plugin {
  return {
    name: 'card-portal:english-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ENGLISH_MANIFEST, source: englishManifestSource });
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [
    react(),
    englishManifest(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // src/web/lib/pwa.ts registers the worker through workbox-window (update prompt).
      injectRegister: false,
      // The icons are matched by globPatterns already; listing them again duplicates precache entries.
      includeManifestIcons: false,
      manifest: manifestFor('zh-CN'),
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg}'],
        additionalManifestEntries: [
          {
            url: ENGLISH_MANIFEST,
            revision: createHash('md5').update(englishManifestSource).digest('hex'),
          },
        ],
        // The shell answers every in-app navigation, offline too.
        navigateFallback: '/index.html',
        // API and sandbox pages are never answered by the shell (architecture.md).
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//],
        cleanupOutdatedCaches: true,
        // The first installation takes control at once, so the first visit already works offline;
        // later versions wait for the user's "Reload" (registerType 'prompt').
        clientsClaim: true,
        // The one API answer kept offline: public value lists that depend on the language only.
        // Nothing else under /api/ matches a route, so no other answer is ever cached.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/enum/list',
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'api-enum-list',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
        ],
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
