import { afterAll, afterEach, vi } from 'vitest'

// On PostgreSQL, each test file works on a copy of the run's migrated template (its global
// setup, tests/setup/templates.ts), so files run side by side without seeing each other's rows.
const serverUrl = process.env.DATABASE_URL
const template = process.env.TEST_TEMPLATE_DATABASE
if (serverUrl && template) {
  const { copyTemplateDatabase } = await import('#tests/support/test-databases.ts')
  const database = await copyTemplateDatabase(serverUrl, template)
  process.env.DATABASE_URL = database.url
  afterAll(async () => {
    process.env.DATABASE_URL = serverUrl
    await database.drop()
  })
}

// A test that makes React (or anything) log an error fails: such errors are bugs, not noise.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react')
    cleanup()
  }
})

const originalError = console.error
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  originalError(...args)
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
})
