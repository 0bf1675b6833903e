import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { playwrightFileTimes, slowestFiles, vitestFileTimes } from './test-timings.ts'

const vitestReport = {
  testResults: [
    { name: path.resolve('kits/java.test.ts'), startTime: 1_000, endTime: 226_000 },
    { name: path.resolve('core/money.test.ts'), startTime: 5_000, endTime: 5_250 },
  ],
}

// As Playwright writes it: describe blocks nest as suites; retries are further results.
const playwrightReport = {
  suites: [
    {
      file: 'a11y.spec.ts',
      specs: [{ file: 'a11y.spec.ts', tests: [{ results: [{ duration: 4_000 }] }] }],
      suites: [
        {
          file: 'a11y.spec.ts',
          specs: [
            {
              file: 'a11y.spec.ts',
              tests: [{ results: [{ duration: 9_000 }, { duration: 8_000 }] }],
            },
          ],
        },
      ],
    },
    { file: 'home.spec.ts', specs: [{ file: 'home.spec.ts', tests: [{ results: [] }] }] },
  ],
}

describe('test file timings', () => {
  it("reads a Vitest file's time from its start to its end, named from the repository", () => {
    expect(vitestFileTimes(vitestReport)).toEqual([
      { stage: 'unit', file: 'kits/java.test.ts', seconds: 225 },
      { stage: 'unit', file: 'core/money.test.ts', seconds: 0.25 },
    ])
  })

  it("adds up a Playwright file's tests through nested suites, retries included", () => {
    expect(playwrightFileTimes(playwrightReport)).toEqual([
      { stage: 'e2e', file: 'tests/e2e/a11y.spec.ts', seconds: 21 },
      { stage: 'e2e', file: 'tests/e2e/home.spec.ts', seconds: 0 },
    ])
  })

  it('ranks both stages together, slowest first, and reads a missing report as none', () => {
    expect(slowestFiles(vitestReport, playwrightReport, 2).map((file) => file.file)).toEqual([
      'kits/java.test.ts',
      'tests/e2e/a11y.spec.ts',
    ])
    expect(slowestFiles(undefined, undefined, 10)).toEqual([])
  })
})
