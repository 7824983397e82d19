// Creates a new PGlite data folder in a separate, short-lived process: initdb makes PGlite grow to
// about 900 MB, and WebAssembly memory never shrinks, so doing it here keeps the server small.
// It also lowers shared_buffers from 128 MB to 32 MB: one embedded connection needs far less, and
// it cuts the server's resident memory by about 100 MB (measured: 378 -> 270 MB after open).
// Given the migrations folder, it also applies the migrations here: building the whole schema in
// the server grew it by about 30 MB more, for good (opening a new folder added 151-189 MB to the
// server's resident memory, 122-160 MB with the migrations done here).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [folder, migrationsFolder] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: pglite-init.mjs <folder> [migrations folder]\n');
  process.exit(2);
}
const db = await PGlite.create(folder);
if (migrationsFolder) await migrate(drizzle(db), { migrationsFolder });
await db.close();

const confPath = join(folder, 'postgresql.conf');
const conf = readFileSync(confPath, 'utf8')
  .replace(/^shared_buffers = \S+/m, 'shared_buffers = 32MB')
  .replace(/^max_connections = \d+/m, 'max_connections = 10');
writeFileSync(confPath, conf);
