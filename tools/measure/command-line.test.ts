import { describe, expect, it } from 'vitest'
import { portRange, positive, readFlags, UsageError } from './command-line.ts'

const flags = { page: { type: 'string' }, 'no-build': { type: 'boolean' } } as const
const read = (args: string[]) => readFlags(args, flags, 'npm run bench')

describe('readFlags', () => {
  it('reads --flag value and --flag=value alike, keeping = inside the value', () => {
    expect(read(['--page', '/about', '--no-build'])).toEqual({ page: '/about', 'no-build': true })
    expect(read(['--page=/tmp/a=b'])).toEqual({ page: '/tmp/a=b' })
    expect(read([])).toEqual({})
  })

  it('answers help for --help or -h', () => {
    expect(read(['--page', '/about', '--help'])).toBe('help')
    expect(read(['-h'])).toBe('help')
  })

  it.each([
    [['--page'], '--page needs a value'],
    [
      ['--page', '--no-build'],
      '--page needs a value (one that starts with - goes after =, as in --page=-1)',
    ],
    [['--no-build=yes'], '--no-build takes no value'],
    [['--fast'], 'Unknown option --fast (npm run bench -- --help lists them)'],
    [['--fast=yes'], 'Unknown option --fast (npm run bench -- --help lists them)'],
    [['/about'], 'Unexpected argument /about: every option starts with --'],
  ])('refuses %j in words that name the flag', (args, message) => {
    let thrown: unknown
    try {
      read(args)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UsageError)
    expect((thrown as Error).message).toBe(message)
  })
})

describe('positive', () => {
  it.each([
    ['2.5', {}, 2.5],
    ['3', { integer: true }, 3],
  ])('takes %s as a positive number (%o)', (text, rule, expected) => {
    expect(positive('--rate', text, rule)).toBe(expected)
  })

  it.each([
    ['0', {}, 'positive number'],
    ['-1', {}, 'positive number'],
    ['ten', {}, 'positive number'],
    ['', {}, 'positive number'],
    ['Infinity', {}, 'positive number'],
    ['2.5', { integer: true }, 'positive whole number'],
  ])('refuses %j as a positive number (%o)', (text, rule, message) => {
    expect(() => positive('--rate', text, rule)).toThrow(UsageError)
    expect(() => positive('--rate', text, rule)).toThrow(`--rate needs a ${message}`)
  })
})

describe('portRange', () => {
  it('reads a port range and holds it to the ports the command needs', () => {
    expect(portRange('--ports', '4230-4239', 2)).toEqual([4230, 4239])
    expect(portRange('--ports', '4230-4230')).toEqual([4230, 4230])
    for (const [text, count] of [
      ['4230-4230', 2],
      ['4239-4230', 1],
      ['4230', 1],
      ['80-90', 1],
      ['60000-70000', 1],
    ] as const) {
      expect(() => portRange('--ports', text, count), text).toThrow(
        /--ports needs a range LOW-HIGH/,
      )
    }
  })
})
