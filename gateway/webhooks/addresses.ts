import { BlockList, isIP } from 'node:net'
import { merchantUrl } from '#gateway/urls.ts'

/**
 * Addresses a webhook must not reach unless the operator allows it: a merchant (or anyone who
 * can sign a request) could otherwise make the gateway call into its own network.
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** True for loopback, private, link-local, shared, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  return blocked.check(address, 'ipv6')
}

export interface NotifyUrlPolicy {
  /** Loopback and private addresses allowed (a developer's machine, the tests). */
  allowPrivate: boolean
}

/**
 * A NOTIFY_URL the gateway will accept: absolute http(s), no credentials, no control
 * characters, and (unless allowed) no literal private address or `localhost` name. A host name
 * is checked again on every delivery, on the addresses it resolves to then.
 */
export function checkNotifyUrl(value: string, policy: NotifyUrlPolicy): boolean {
  const url = merchantUrl(value)
  if (!url) return false
  return policy.allowPrivate || !isPrivateHostName(url.hostname)
}

/** A host that names a private place without asking DNS: an address literal or localhost. */
export function isPrivateHostName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  return isPrivateAddress(host)
}
