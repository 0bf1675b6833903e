import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate` writes a new SQL migration after a schema change; the server
// applies pending migrations at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
