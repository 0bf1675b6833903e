import { describe, expect, it } from 'vitest'
import { UsageError } from '#tools/measure/command-line.ts'
import { defaultOptions, parseSoakArgs } from './options.ts'

describe('parseSoakArgs', () => {
  it('runs five minutes at five actions a second, building first, by default', () => {
    expect(parseSoakArgs([])).toEqual(defaultOptions)
    expect(defaultOptions).toMatchObject({ minutes: 5, rate: 5, build: true, sampleSeconds: 10 })
  })

  it('reads every flag, with a space or an equals sign', () => {
    expect(
      parseSoakArgs([
        '--minutes',
        '0.5',
        '--rate=8',
        '--no-build',
        '--sample-seconds',
        '2',
        '--ports',
        '4250-4259',
      ]),
    ).toMatchObject({ minutes: 0.5, rate: 8, build: false, sampleSeconds: 2, ports: [4250, 4259] })
  })

  it('keeps only the actions asked for', () => {
    const options = parseSoakArgs(['--only', 'page,hosted'])
    expect(options).not.toBe('help')
    if (options === 'help') return
    expect(options.mix).toEqual({
      page: 10,
      contact: 0,
      career: 0,
      hosted: 2,
      checkout: 0,
      'merchant-hosted': 0,
    })
    expect(defaultOptions.mix.contact).toBe(2)
  })

  it('answers help', () => {
    expect(parseSoakArgs(['--help'])).toBe('help')
    expect(parseSoakArgs(['-h'])).toBe('help')
  })

  it.each([
    [['--minutes'], /needs a value/],
    [['--minutes', '0'], /positive number/],
    [['--rate', 'fast'], /positive number/],
    [['--ports', '4259-4250'], /LOW-HIGH/],
    [['--only', 'page,refund'], /not refund/],
    [['--only', ''], /not \(nothing\)/],
    [['--verbose'], /Unknown option --verbose \(npm run soak -- --help lists them\)/],
    [['--no-build=false'], /--no-build takes no value/],
  ])('refuses %j', (args, message) => {
    expect(() => parseSoakArgs(args)).toThrow(UsageError)
    expect(() => parseSoakArgs(args)).toThrow(message)
  })
})
