import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @matchkit/example-app` writes a migration for every change of server/src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});
