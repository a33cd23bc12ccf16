import { defineConfig } from 'drizzle-kit';

// One migrations folder serves PostgreSQL and PGlite (both drizzle migrators apply it).
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/kit/src/db/schema/index.ts',
  out: './services/kit/drizzle',
});
