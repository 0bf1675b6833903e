import { defineConfig } from 'vitest/config'
import { publicConfigDefines } from './app/config/public-config.build.ts'

export default defineConfig({
  define: publicConfigDefines({}),
  test: {
    // tools/ is the measuring tools' workspace (tools/package.json); its tests run here too.
    include: [
      '{core,jobs,app,server,gateway,scripts,kits,tests/support,tests/architecture,tests/security,tests/docs,tools}/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    setupFiles: ['./tests/setup/unit.ts'],
    globalSetup: ['./tests/setup/templates.ts'],
    restoreMocks: true,
    // Embedded PGlite takes seconds to start cold on a busy two-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Many files mostly wait (on timers, sockets, child processes, a mail server): three workers
    // on two cores ran the suite in 3 min 40 s to 4 min 30 s against 7 min 8 s with vitest's
    // default of one worker per core but one.
    maxWorkers: 3,
    // A worker keeps the modules it imported from one test file to the next instead of importing
    // them again for each: the whole stage ran in 539 s instead of 632 s (1,028 CPU-s against
    // 1,206) on this 2-core machine. Test files share no state through them: each opens its own
    // databases and servers, and mocks are restored after every test.
    isolate: false,
  },
})
