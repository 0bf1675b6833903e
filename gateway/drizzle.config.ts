import { defineConfig } from 'drizzle-kit'

// The gateway's tables have a migration history of their own, beside the site's
// (drizzle.config.ts): the gateway can run alone against a database of its own.
// `npx drizzle-kit generate --config gateway/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './gateway/db/schema.ts',
  out: './gateway/db/migrations',
  migrations: { table: '__drizzle_gateway_migrations' },
})
