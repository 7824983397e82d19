/**
 * Vite for the PWA: the repository top is the root (index.html lives there), the build goes to
 * dist/ (the API server serves it), and the dev server forwards the API and the sandbox to the
 * local server so the app runs same-origin, exactly as in production.
 *
 * The PWA part (architecture.md "PWA", decisions.md "PWA"): a generated service worker that
 * precaches the app shell and caches exactly one API answer, `/api/enum/list`; and a web manifest
 * per language built from locales/<lang>/pwa.json, with shortcuts. The worker also imports
 * public/push-sw.js (Web Push). Nothing routes /api/live: the stream goes to the network untouched.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, minify, runnerImport, transformWithOxc, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import type { OutputBundle } from 'rolldown';
import type * as FirstPaint from './src/web/features/auth/first-paint/first-paint';
import type * as HomePaint from './src/web/features/home/first-paint/home-paint';
import type * as Precompress from './tools/precompress';
import enPwa from './locales/en/pwa.json' with { type: 'json' };
import zhPwa from './locales/zh-CN/pwa.json' with { type: 'json' };

/** The path aliases of tsconfig.json (decisions.md "Code shape: imports"); vitest.config.ts has them too. */
const PATH_ALIASES = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
};

const API_ORIGIN = 'http://127.0.0.1:8080';
const THEME_COLOUR = '#0b1f4b';

/** Manifest shortcuts: hash routes of src/contract/routes.ts (`?otp=1` opens the 3-D Secure codes). */
const SHORTCUTS = [
  { key: 'otp', url: '/#/cardList?otp=1' },
  { key: 'topup', url: '/#/FinanceRechargeIndex' },
  { key: 'cards', url: '/#/cardList' },
] as const;

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
    // Long-press on the installed icon (issue 18 §1): the three places people open the app for.
    shortcuts: SHORTCUTS.map(({ key, url }) => ({
      name: texts.shortcuts[key],
      short_name: texts.shortcuts[key],
      description: texts.shortcuts[`${key}Description`],
      url,
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    })),
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

/**
 * The sign-in page's first paint (docs/benchmarks.md "Sign-in page first paint"): the static copy of
 * the page (both languages) goes into #root, and boot.ts is linked from <head> as a classic script:
 * it picks the copy before the first paint and loads the app's scripts, which the build therefore
 * names on its tag instead of loading them from the HTML. The server's CSP allows no inline
 * script, so boot.ts is a file of its own, content-hashed under /assets/ like the rest (cached for
 * good, precached by the worker).
 */
const BOOT_SOURCE = 'src/web/features/auth/first-paint/boot.ts';
// Loaded through Vite rather than imported: the config stays loadable by Node as it stands.
const FIRST_PAINT_MODULE = './src/web/features/auth/first-paint/first-paint.ts';
type FirstPaintModule = typeof FirstPaint;
const HOME_PAINT_MODULE = './src/web/features/home/first-paint/home-paint.ts';
type HomePaintModule = typeof HomePaint;

/**
 * Home's first paint (issue 34 §9) takes the page's own stylesheets: the hashed CSS files of the
 * chunks that hold these sources, which the boot script links before painting (the page loads the
 * same files later, and Vite's preload then finds them in place).
 */
const HOME_PAINT_STYLES = ['src/web/features/home/home.css', 'src/web/components/ui/money.css'];

function homePaintCss(bundle: OutputBundle | undefined): string[] {
  if (!bundle) return [];
  const files = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const holds = output.moduleIds.some((id) => HOME_PAINT_STYLES.some((source) => id.endsWith(source)));
    const css = (output as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    if (holds && css) for (const file of css) files.add(`/${file}`);
  }
  if (files.size === 0) throw new Error("home's first paint: the home page's stylesheet is not in the build");
  return [...files];
}

/**
 * The chunk of each language's start texts (src/web/lib/start-texts/<lang>.ts, imported on demand by
 * lib/i18n.ts): the boot script preloads the stored language's beside the entry, which waits for it
 * before its first render.
 */
function startTextsFiles(bundle: OutputBundle | undefined): Record<'cn' | 'en', string> {
  const files: Partial<Record<'cn' | 'en', string>> = {};
  for (const output of Object.values(bundle ?? {})) {
    if (output.type !== 'chunk') continue;
    const lang = /src\/web\/lib\/start-texts\/(cn|en)\.ts$/.exec(output.facadeModuleId ?? '')?.[1];
    if (lang === 'cn' || lang === 'en') files[lang] = `/${output.fileName}`;
  }
  if (!files.cn || !files.en) throw new Error('the start texts of a language are not a chunk of the build');
  return { cn: files.cn, en: files.en };
}

/** Brotli and gzip copies of the hashed assets, for the server to send as they are (tools/precompress.ts). */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'card-portal:precompress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      assetsDir = join(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      // Loaded through Vite like the first paint's module, for the same reason.
      const { module } = await runnerImport<typeof Precompress>('./tools/precompress.ts', {
        configFile: false,
        logLevel: 'warn',
      });
      await module.precompressDir(assetsDir);
    },
  };
}

function signInFirstPaint(): Plugin {
  let firstPaint: Promise<FirstPaintModule> | undefined;
  const loadFirstPaint = () =>
    (firstPaint ??= runnerImport<FirstPaintModule>(FIRST_PAINT_MODULE, {
      configFile: false,
      logLevel: 'warn',
      // The module runner starts from no config, so it is told the aliases the page's code uses.
      resolve: { alias: PATH_ALIASES },
    }).then((loaded) => loaded.module));
  let homePaint: Promise<HomePaintModule> | undefined;
  const loadHomePaint = () =>
    (homePaint ??= runnerImport<HomePaintModule>(HOME_PAINT_MODULE, {
      configFile: false,
      logLevel: 'warn',
      resolve: { alias: PATH_ALIASES },
    }).then((loaded) => loaded.module));
  let built: Promise<{ fileName: string; code: string }> | undefined;
  const compile = () =>
    (built ??= readFile(BOOT_SOURCE, 'utf8')
      .then((source) => transformWithOxc(source, BOOT_SOURCE, { lang: 'ts', target: 'es2022' }))
      // Minified like the rest of the build: it is read before anything else on every start.
      .then(({ code }) => minify('boot.js', code, { compress: { target: 'es2022' }, mangle: true }))
      .then(({ code }) => {
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        return { fileName: `assets/boot-${hash}.js`, code };
      }));
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'card-portal:sign-in-first-paint',
    configResolved(config) {
      command = config.command;
    },
    async generateBundle() {
      const { fileName, code } = await compile();
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      // After Vite's own processing, which would refuse to bundle a script that is not a module.
      order: 'post',
      async handler(html, context) {
        const { BOOT_SCRIPT_MARKER, FIRST_PAINT_MARKER, firstPaintHtml } = await loadFirstPaint();
        const { HOME_PAINT_MARKER, homePaintHtml } = await loadHomePaint();
        if (
          !html.includes(FIRST_PAINT_MARKER) ||
          !html.includes(BOOT_SCRIPT_MARKER) ||
          !html.includes(HOME_PAINT_MARKER)
        ) {
          throw new Error('index.html lacks the first paint markers');
        }
        const withShell = html
          .replace(FIRST_PAINT_MARKER, firstPaintHtml())
          .replace(HOME_PAINT_MARKER, homePaintHtml());
        // The dev server serves the TypeScript source as JavaScript, and loads the app itself.
        if (command !== 'build') {
          return withShell.replace(BOOT_SCRIPT_MARKER, `<script src="/${BOOT_SOURCE}"></script>`);
        }
        // In the build the boot script loads the app's scripts (boot.ts says when): Vite's module
        // script and modulepreloads become data on its tag. The stylesheets come first in <head>.
        let entry = '';
        const preloads: string[] = [];
        const stylesheets: string[] = [];
        const rest = withShell
          .replace(
            /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g,
            (_, src: string) => {
              entry = src;
              return '';
            },
          )
          .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_, href: string) => {
            preloads.push(href);
            return '';
          })
          .replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (link) => {
            stylesheets.push(link.trim());
            return '';
          });
        if (!entry || /<script type="module"|rel="modulepreload"/.test(rest)) {
          throw new Error('index.html: the app scripts are not where the boot script expects them');
        }
        // Home's first paint links the home page's stylesheets before it paints; the stored
        // language's start texts are preloaded with the entry (boot.ts).
        const texts = startTextsFiles(context.bundle);
        const boot =
          `<script src="/${(await compile()).fileName}" data-entry="${entry}"` +
          ` data-preload="${preloads.join(' ')}" data-texts-cn="${texts.cn}" data-texts-en="${texts.en}"` +
          ` data-home-css="${homePaintCss(context.bundle).join(' ')}"></script>`;
        return rest.replace(BOOT_SCRIPT_MARKER, [...stylesheets, boot].join('\n    '));
      },
    },
  };
}

/**
 * The operator console is a build of its own (vite.console.config.ts) into dist/console/, run after
 * this one so that one `vite build` makes both; nothing of it enters this build's bundle, manifest
 * or precache (architecture.md "Operator console").
 */
function consoleBuild(): Plugin {
  let outer = true;
  return {
    name: 'card-portal:console-build',
    apply: 'build',
    configResolved(config) {
      outer = !config.build.ssr;
    },
    async closeBundle() {
      if (!outer) return;
      await build({ configFile: 'vite.console.config.ts', logLevel: 'warn' });
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  resolve: { alias: PATH_ALIASES },
  plugins: [
    react(),
    englishManifest(),
    signInFirstPaint(),
    precompressAssets(),
    consoleBuild(),
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
        // The HEIC decoder (about 3 MB) is fetched only when an iPhone photo is chosen, which needs
        // the network anyway (an upload): precaching it would make every install 3 MB heavier.
        // The console (dist/console/, issue 31) is never precached into customers' caches.
        globIgnores: ['**/heic-to-*.js', 'console/**'],
        additionalManifestEntries: [
          {
            url: ENGLISH_MANIFEST,
            revision: createHash('md5').update(englishManifestSource).digest('hex'),
          },
        ],
        // The shell answers every in-app navigation, offline too.
        navigateFallback: '/index.html',
        // API and sandbox pages are never answered by the shell (architecture.md).
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/console(\/|$)/],
        cleanupOutdatedCaches: true,
        // Web Push: the push and notificationclick handlers (public/push-sw.js, issue 18 §1).
        importScripts: ['/push-sw.js'],
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
    // dist/.vite/manifest.json names the lazy route chunks, whose size the page budgets guard
    // (tests/e2e/budgets.spec.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically runs on every start anyway: as two chunks it is
          // three requests instead of two dozen (docs/benchmarks.md "Sign-in page first paint").
          // React has its own, which stays cached when only the app changes. Lazy pages keep their
          // chunks and take what they share with the start from these two.
          groups: [
            { name: 'react', tags: ['$initial'], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'start', tags: ['$initial'] },
            // The bottom-sheet machinery (antd-mobile's Popup and Mask with their gesture and
            // animation engines, ~28 KB) in one chunk of its own: left to itself the bundler merged
            // it with a small hook every page imports, so /home paid for sheets nobody had opened.
            {
              name: 'sheet',
              test: /node_modules[\\/](@use-gesture|@react-spring|antd-mobile[\\/]es[\\/]components[\\/](popup|mask))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
