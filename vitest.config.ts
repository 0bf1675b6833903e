import { defineConfig } from 'vitest/config'
import { publicConfigDefines } from './app/config/public-config.build.ts'

export default defineConfig({
  define: publicConfigDefines({}),
  test: {
    include: ['{app,server,gateway,scripts,kits,tests/support}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./tests/setup/unit.ts'],
    restoreMocks: true,
    // Embedded PGlite takes seconds to start cold on a busy two-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
