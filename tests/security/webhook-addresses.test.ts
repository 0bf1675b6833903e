/**
 * Issue 22, findings 1 and 5: which webhook targets the sandbox refuses, over a table of
 * spellings of the same few places (this machine, the private network, the cloud's metadata
 * service), and who may lift the refusal.
 */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { privateTargetsOf } from '#gateway/settings.ts'
import {
  checkNotifyUrl,
  isLoopbackAddress,
  isPrivateHostName,
  isPublicAddress,
  notifyPolicyFor,
} from '#gateway/webhooks/addresses.ts'

const strict = { allowPrivate: false }
const allowed = { allowPrivate: true }

describe('a NOTIFY_URL naming a private place is refused when it arrives', () => {
  it.each([
    // localhost, however written
    'http://localhost:8000/hook',
    'http://localhost.:8000/hook',
    'http://LOCALHOST../hook',
    'http://api.localhost/hook',
    'http://api.localhost./hook',
    'http://printer.local/hook',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://router.home.arpa/hook',
    'http://intranet/hook',
    // 127.0.0.1 in the spellings URL parsing turns into it
    'http://127.0.0.1:9/hook',
    'http://127.1/hook',
    'http://2130706433/hook',
    'http://0x7f000001/hook',
    'http://0x7f.1/hook',
    'http://0177.0.0.1/hook',
    'http://017700000001/hook',
    'http://127.0.0.1./hook',
    // the same place in IPv6 forms
    'http://[::1]/hook',
    'http://[::127.0.0.1]:8000/hook',
    'http://[::ffff:127.0.0.1]:8000/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/hook',
    'http://[2002:7f00:1::]/hook',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
    'http://[64:ff9b::7f00:1]/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[64:ff9b:1::a00:1]/hook',
    'http://[::]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::2]/hook',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    // private, shared and special IPv4
    'http://0.0.0.0/hook',
    'http://0/hook',
    'http://10.0.0.5/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://192.0.0.8/hook',
    'http://192.0.2.1/hook',
    'http://198.18.0.1/hook',
    'http://224.0.0.1/hook',
    'http://255.255.255.255/hook',
  ])('%s', (url) => {
    expect(checkNotifyUrl(url, strict)).toBe(false)
    expect(isPrivateHostName(new URL(url).hostname)).toBe(true)
    // An operator who allows private targets gets them all.
    expect(checkNotifyUrl(url, allowed)).toBe(true)
  })

  it.each([
    'https://shop.example.com/paystra/webhook',
    'https://shop.example.com./paystra/webhook',
    'http://8.8.8.8:8080/hook',
    'http://[2606:4700:4700::1111]/hook',
    'https://localhost.example.com/hook',
  ])('%s is accepted', (url) => {
    expect(checkNotifyUrl(url, strict)).toBe(true)
  })
})

describe('a resolved address is public only outside every special-purpose range', () => {
  it.each([
    // IANA IPv4 special-purpose registry
    '0.1.2.3',
    '10.255.0.1',
    '100.127.255.254',
    '127.0.0.53',
    '169.254.0.1',
    '172.31.255.255',
    '192.0.0.9',
    '192.0.2.200',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.168.0.1',
    '192.175.48.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IANA IPv6 special-purpose registry, and the forms that carry an IPv4 address
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::7f00:1',
    '::808:808',
    '64:ff9b::808:808',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:2::1',
    '2001:10::1',
    '2001:20::1',
    '2001:db8::1',
    '2002:808:808::1',
    '2620:4f:8000::1',
    '3fff::1',
    '5f00::1',
    'fc00::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '4000::1',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true)
    },
  )
})

describe('who may send webhooks to private addresses', () => {
  const from = (remoteAddress: string) => ({ socket: { remoteAddress } })

  it('in development, a request from this machine, judged by its socket', () => {
    const policy = notifyPolicyFor('loopback')
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      expect(policy(from(address)).allowPrivate, address).toBe(true)
      expect(isLoopbackAddress(address)).toBe(true)
    }
    for (const address of ['192.0.2.2', '10.0.0.7', '::ffff:10.0.0.7', 'fd00::2', '8.8.8.8']) {
      expect(policy(from(address)).allowPrivate, address).toBe(false)
    }
    expect(policy({ socket: {} }).allowPrivate).toBe(false)
  })

  it('always when the operator says so, never when not', () => {
    expect(notifyPolicyFor(true)(from('203.0.113.5')).allowPrivate).toBe(true)
    expect(notifyPolicyFor(false)(from('127.0.0.1')).allowPrivate).toBe(false)
  })

  it('the site: a localhost SITE_URL no longer opens private targets to every client', () => {
    // Finding 1: the README's first command, SITE_URL left at http://localhost:3000.
    expect(privateTargetsOf(loadConfig({}))).toBe(false)
    expect(privateTargetsOf(loadConfig({ NODE_ENV: 'production' }))).toBe(false)
    expect(privateTargetsOf(loadConfig({ NODE_ENV: 'development' }))).toBe('loopback')
    expect(
      privateTargetsOf(loadConfig({ NODE_ENV: 'development', SANDBOX_WEBHOOK_ALLOW_PRIVATE: '0' })),
    ).toBe(false)
    expect(
      privateTargetsOf(
        loadConfig({ SITE_URL: 'https://paystra.example', SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1' }),
      ),
    ).toBe(true)
  })
})
