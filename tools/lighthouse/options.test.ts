import { describe, expect, it } from 'vitest'
import { UsageError } from '#tools/measure/command-line.ts'
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
    [['--runs', '0'], '--runs needs a positive whole number, not "0"'],
    [['--runs', '1.5'], '--runs needs a positive whole number, not "1.5"'],
    [['--runs'], '--runs needs a value'],
    [['--routes', 'about'], '--routes takes paths that start with /'],
    [['--routes', ','], '--routes takes paths that start with /'],
    [['--ports', '4219-4210'], '--ports needs a range LOW-HIGH of at least 2 ports'],
    [['--ports', '4210-4210'], '--ports needs a range LOW-HIGH of at least 2 ports'],
    [['--out='], '--out needs a folder'],
    [['--fast'], 'Unknown option --fast (npm run lighthouse -- --help lists them)'],
  ])('refuses %j', (args, message) => {
    expect(() => parseLighthouseArgs(args)).toThrow(UsageError)
    expect(() => parseLighthouseArgs(args)).toThrow(message)
  })
})
