/** The server for end-to-end tests: a fresh embedded database every run, then the ordinary main. */
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
await import('../src/server/main');
