import { describe, expect, it } from 'vitest'
import { sitePolicy } from './security-headers.ts'

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe('sitePolicy', () => {
  it('with the built-in sandbox and same-origin APIs, only this site and the map are allowed', () => {
    const policy = sitePolicy({ mode: 'production', apiUrl: '' })
    expect(policy.base).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self'; frame-src 'self' https://www.openstreetmap.org; form-action 'self'; " +
        "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    )
  })

  it('a gateway on another origin may give scripts, frames, images and take forms', () => {
    const policy = sitePolicy({
      mode: 'production',
      gatewayUrl: 'https://pay.paystra.example/pg',
      apiUrl: 'https://api.paystra.example',
    }).withNonce('abc')
    expect(directive(policy, 'script-src')).toBe("'self' https://pay.paystra.example 'nonce-abc'")
    expect(directive(policy, 'frame-src')).toBe(
      'https://pay.paystra.example https://www.openstreetmap.org',
    )
    expect(directive(policy, 'img-src')).toBe("'self' data: https://pay.paystra.example")
    expect(directive(policy, 'form-action')).toBe("'self' https://pay.paystra.example")
    expect(directive(policy, 'connect-src')).toBe("'self' https://api.paystra.example")
  })

  it('development allows inline styles, never inline scripts', () => {
    const development = sitePolicy({ mode: 'development' }).withNonce('n')
    expect(directive(development, 'style-src')).toBe("'self' 'unsafe-inline'")
    expect(directive(development, 'script-src')).toBe("'self' 'nonce-n'")
  })
})
