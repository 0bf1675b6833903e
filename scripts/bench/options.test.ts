import { describe, expect, it } from 'vitest'
import { UsageError } from '../measure/command-line.ts'
import { defaultOptions, parseBenchArgs } from './options.ts'

describe('parseBenchArgs', () => {
  it('measures for the budgets by default: build first, nginx, /about, 200 requests/s', () => {
    expect(parseBenchArgs([])).toEqual(defaultOptions)
    expect(defaultOptions).toMatchObject({ build: true, nginx: true, page: '/about', apiRate: 200 })
    expect(defaultOptions.apiSeconds).toBe(20)
  })

  it('reads the development flags, with values after a space or an equals sign', () => {
    expect(
      parseBenchArgs([
        '--duration',
        '3',
        '--no-build',
        '--skip-nginx',
        '--page=/pricing/',
        '--ports',
        '4230-4239',
      ]),
    ).toMatchObject({
      pageSeconds: 3,
      apiSeconds: 3,
      build: false,
      nginx: false,
      page: '/pricing',
      ports: [4230, 4239],
    })
    expect(parseBenchArgs(['--duration=0.5'])).toMatchObject({ pageSeconds: 0.5, apiSeconds: 0.5 })
    expect(parseBenchArgs(['--page', '/'])).toMatchObject({ page: '/' })
    expect(
      parseBenchArgs(['--api-rate', '50', '--api-connections', '5', '--connections', '8']),
    ).toMatchObject({
      apiRate: 50,
      apiConnections: 5,
      pageConnections: 8,
    })
  })

  it('answers help', () => {
    expect(parseBenchArgs(['--help'])).toBe('help')
    expect(parseBenchArgs(['-h'])).toBe('help')
  })

  it.each([
    [['--duration'], '--duration needs a value'],
    [['--duration', '--no-build'], '--duration needs a value'],
    [['--duration', '0'], 'positive number'],
    [['--duration', 'ten'], 'positive number'],
    [['--connections', '2.5'], 'positive whole number'],
    [['--page', 'about'], 'site path'],
    [['--page', '/../etc'], 'site path'],
    [['--ports', '4230'], 'range'],
    [['--ports', '4239-4230'], 'range'],
    [['--ports', '80-90'], 'range'],
    [['--api-rate', '2', '--api-connections', '4'], 'cannot exceed'],
    [['--fast'], 'Unknown option --fast'],
  ])('refuses %j', (args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(UsageError)
    expect(() => parseBenchArgs(args)).toThrow(message)
  })
})
