import ipaddr from 'ipaddr.js'
import { merchantUrl } from '#gateway/urls.ts'

/**
 * Where a webhook may go. A merchant (or anyone who can sign a request: the demo merchant's salt
 * is public) could otherwise make the gateway call into the network it runs in and read the
 * answers back through the deliveries API. The address ranges are ipaddr.js's, which follow the
 * IANA special-purpose registries of IPv4 and IPv6; only an address none of them claims is
 * public.
 */

/** Global unicast IPv6 (2000::/3); everything outside it is special-purpose or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** An address literal (IPv4 in any of the spellings ipaddr.js reads, or IPv6, brackets allowed). */
function parseAddress(text: string): Address | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.isValid(bare)) return undefined
  try {
    return ipaddr.parse(bare)
  } catch {
    return undefined
  }
}

/**
 * True only for an address on the public internet: IPv4 that no special-purpose range claims
 * (loopback, private, link-local, carrier-grade NAT, documentation, benchmarking, multicast,
 * reserved, broadcast, "this network", AS112, AMT), and global unicast IPv6 outside every
 * special range (so no NAT64, 6to4, Teredo, ORCHID, documentation or IPv4-compatible form). An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address)
  if (!parsed) return false
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast'
    return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST)
  }
  return parsed.range() === 'unicast'
}

/** True for an address literal that is not public (see isPublicAddress). */
export function isPrivateAddress(address: string): boolean {
  return parseAddress(address) !== undefined && !isPublicAddress(address)
}

/** The socket of a request came from this machine (127.0.0.0/8, ::1, or ::ffff:127.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const parsed = address ? parseAddress(address) : undefined
  if (!parsed) return false
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range() === 'loopback'
  }
  return parsed.range() === 'loopback'
}

/** Names that stand for this machine or a local network, whatever DNS says of them. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain']

/**
 * A host that names a private place without asking DNS: an address literal that is not public
 * (in any spelling: `[::ffff:127.0.0.1]`, `[::127.0.0.1]`, `[2002:7f00:1::]`,
 * `[64:ff9b::7f00:1]`; URL parsing has already turned `2130706433` and `0x7f.1` into
 * `127.0.0.1`), `localhost` and the local suffixes (a trailing dot changes nothing), or a name of
 * one label, which only a local resolver's search list can complete.
 */
export function isPrivateHostName(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.+$/, '')
  if (host === '') return true
  if (parseAddress(host)) return !isPublicAddress(host)
  if (!host.includes('.')) return true
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
}

/** Whether webhooks of one request may go to private addresses. */
export interface NotifyUrlPolicy {
  allowPrivate: boolean
}

/**
 * The operator's setting: `true` private targets always (SANDBOX_WEBHOOK_ALLOW_PRIVATE=1, the
 * tests), `false` never, `'loopback'` only for requests whose socket comes from this machine (a
 * developer's own browser or scripts; never a remote client, whatever it forwards).
 */
export type PrivateTargets = boolean | 'loopback'

/** What the policy of a request is decided from: the socket's own remote address. */
export interface RequestOrigin {
  socket: { remoteAddress?: string }
}

export type NotifyPolicyFor = (req: RequestOrigin) => NotifyUrlPolicy

export function notifyPolicyFor(setting: PrivateTargets): NotifyPolicyFor {
  return (req) => ({
    allowPrivate:
      setting === true || (setting === 'loopback' && isLoopbackAddress(req.socket.remoteAddress)),
  })
}

/**
 * A NOTIFY_URL the gateway will accept: absolute http(s), no credentials, no control
 * characters, and (unless allowed) no private address literal or local name. A host name is
 * checked again on every delivery, on the addresses it resolves to then.
 */
export function checkNotifyUrl(value: string, policy: NotifyUrlPolicy): boolean {
  const url = merchantUrl(value)
  if (!url) return false
  return policy.allowPrivate || !isPrivateHostName(url.hostname)
}

/** Where one event goes, and whether the request that named it could send it to private addresses. */
export interface NotifyTarget {
  url: string
  allowPrivate: boolean
}
