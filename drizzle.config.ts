import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/server/db/schema; the server applies them at start on both
// PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
