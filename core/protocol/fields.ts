/** Request and response fields travel as `KEY=VALUE` pairs joined by `~`. */
export type Fields = Record<string, string>

/** Keys sorted by UTF-16 code unit (JavaScript's default sort), as the provider's kits do. */
export function sortedKeys(fields: Fields): string[] {
  return Object.keys(fields).sort()
}

/** `KEY=VALUE~KEY=VALUE` in the order given; an empty value is kept as `KEY=`. */
export function joinFields(entries: Iterable<readonly [key: string, value: string]>): string {
  return Array.from(entries, ([key, value]) => `${key}=${value}`).join('~')
}

/** The fields joined in sorted key order. */
export function canonicalString(fields: Fields): string {
  return joinFields(sortedKeys(fields).map((key) => [key, fields[key]!] as const))
}

/**
 * The text a HASH is taken over: every field but HASH in canonical order, then the merchant salt
 * with no separator. Pure, so the browser's signature debugger builds the very same text.
 */
export function hashInput(fields: Fields, salt: string): string {
  const { HASH, ...hashed } = fields
  return canonicalString(hashed) + salt
}

/**
 * Reads `KEY=VALUE~…` in any order. A value may contain `=` (only the first one separates);
 * a pair without `=` is malformed.
 */
export function parseFields(text: string): Fields {
  const fields: Fields = {}
  if (text === '') return fields
  for (const pair of text.split('~')) {
    const separator = pair.indexOf('=')
    if (separator <= 0) throw new ProtocolError(`malformed field "${pair.slice(0, 40)}"`)
    // Defined, not assigned: a key named `__proto__` is a field like any other, not dropped.
    Object.defineProperty(fields, pair.slice(0, separator), {
      value: pair.slice(separator + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return fields
}

export class ProtocolError extends Error {
  override name = 'ProtocolError'
}
