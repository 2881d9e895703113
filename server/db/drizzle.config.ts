import { defineConfig } from 'drizzle-kit';

// each module owns its tables; the glob finds them so nobody edits a central schema file
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/modules/**/*.table.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
