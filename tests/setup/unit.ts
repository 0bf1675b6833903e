import { afterEach, vi } from 'vitest'

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
