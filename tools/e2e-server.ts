/** The server for end-to-end tests: a fresh embedded database every run, then the ordinary main. */
import cluster from 'node:cluster';
import { rmSync } from 'node:fs';

// Only the first process starts afresh: forked server processes run this file too.
if (cluster.isPrimary) rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
await import('../src/server/main');
