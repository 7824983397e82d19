/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by trying
 * once. The PWA's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and the
 * browser reports a CSP violation (Lighthouse's best-practices "Issues" audit counts it) on the
 * first screen that parses an object, though zod catches the refusal. Jitless mode skips both the
 * probe and the compiling; the PWA parses little enough that the interpreted parser costs nothing
 * noticeable. The server keeps the compiled parsers.
 *
 * The setting is read when a schema is built, so main.tsx imports this module first. It writes
 * zod's global configuration object (the one `z.config()` returns, kept on globalThis so that every
 * copy of zod shares it) instead of importing zod: an import would move zod's core into the sign-in
 * page's scripts, past their budget. zod-jitless.test.ts checks that zod reads this very object.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
