/** The longest RETURN_URL or NOTIFY_URL the gateway stores. */
const MAX_URL_LENGTH = 2048

/**
 * An absolute http(s) URL without credentials, as a merchant may name for the gateway to send a
 * customer (RETURN_URL) or an event (NOTIFY_URL) to; undefined for anything else.
 */
export function merchantUrl(value: string | undefined): URL | undefined {
  if (!value || value.length > MAX_URL_LENGTH) return undefined
  // The URL parser drops or escapes control characters, but the address is stored and posted
  // to as it was sent: a NUL cannot be stored, a line break is not an address.
  if (hasControlCharacter(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password || url.hostname === '') return undefined
  return url
}

/** C0 control characters and DEL: never part of a field a person or a merchant means. */
export function hasControlCharacter(value: string): boolean {
  for (const char of value) if (char < ' ' || char === '\u007f') return true
  return false
}
