import { describe, expect, it } from 'vitest'
import { UsageError } from '#scripts/measure/command-line.ts'
import { defaultOptions, parseLighthouseArgs } from './options.ts'

describe('parseLighthouseArgs', () => {
  it('defaults to three runs of every marketing route after a build', () => {
    expect(parseLighthouseArgs([])).toEqual(defaultOptions)
    expect(defaultOptions).toEqual({ runs: 3, build: true })
  })

  it('reads the development flags, with a space or an = before the value', () => {
    expect(
      parseLighthouseArgs([
        '--routes',
        '/, /about',
        '--runs=1',
        '--no-build',
        '--ports',
        '4210-4219',
        '--out',
        'tmp/lh',
      ]),
    ).toEqual({
      routes: ['/', '/about'],
      runs: 1,
      build: false,
      ports: [4210, 4219],
      outDir: 'tmp/lh',
    })
  })

  it('answers --help', () => {
    expect(parseLighthouseArgs(['--runs', '2', '--help'])).toBe('help')
  })

  it.each([
    [['--runs', '0']],
    [['--runs', '1.5']],
    [['--runs']],
    [['--routes', 'about']],
    [['--routes', ',']],
    [['--ports', '4219-4210']],
    [['--ports', '4210']],
    [['--fast']],
  ])('refuses %j', (args) => {
    expect(() => parseLighthouseArgs(args)).toThrow(UsageError)
  })
})
