/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by trying
 * once. The PWA's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and the
 * browser reports a CSP violation (Lighthouse's best-practices "Issues" audit counts it) on the
 * first screen that parses an object, though zod catches the refusal. Jitless mode skips both the
 * probe and the compiling; the PWA parses little enough that the interpreted parser costs nothing
 * noticeable. Imported first by main.tsx, since the setting is read when a schema is built. The
 * server keeps the compiled parsers.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
