import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema/*.ts into ./drizzle (committed, never edited by hand).
// Generation needs no database connection. DRIZZLE_OUT: scripts/check-generated.ts generates into a scratch copy
// to find a schema change that has no migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: process.env.DRIZZLE_OUT ?? './drizzle',
  casing: 'snake_case',
});
