import { describe, expect, it } from 'vitest'
import { checkNotifyUrl, isPrivateAddress } from './addresses.ts'

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'ff02::1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false)
    },
  )
})

describe('checkNotifyUrl', () => {
  const strict = { allowPrivate: false }
  const relaxed = { allowPrivate: true }

  it('accepts public http and https addresses', () => {
    expect(checkNotifyUrl('https://shop.example.com/paystra/webhook', strict)).toBe(true)
    expect(checkNotifyUrl('http://203.0.114.7:8080/hook?x=1', strict)).toBe(true)
  })

  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:8000/webhook',
    'http://api.localhost/webhook',
    'http://[::1]:8000/webhook',
    'http://10.0.0.5/webhook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::ffff:192.168.0.1]/webhook',
  ])('refuses %s unless private addresses are allowed', (url) => {
    expect(checkNotifyUrl(url, strict)).toBe(false)
    expect(checkNotifyUrl(url, relaxed)).toBe(true)
  })

  it.each([
    '',
    'ftp://shop.example.com/hook',
    'javascript:alert(1)',
    'file:///etc/passwd',
    '/webhook',
    'https://user:pass@shop.example.com/hook',
    'https://shop.example.com/hook\nX-Injected: 1',
    `https://shop.example.com/${'a'.repeat(2048)}`,
  ])('refuses %j in any case', (url) => {
    expect(checkNotifyUrl(url, relaxed)).toBe(false)
  })
})
