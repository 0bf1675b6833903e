/**
 * JSON.parse keeps the last of two equal keys, so `{"AMOUNT":"1","AMOUNT":"9"}` would be read
 * as whichever copy came last. Bodies that name a field twice are ambiguous and refused; this
 * finds the repeated keys of a body's top-level object from its text.
 */
export function repeatedJsonKeys(text: string): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  /** The open objects and arrays; keys are only looked at directly inside the outermost one. */
  const open: string[] = []
  let expectKey = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '"') {
      let end = index + 1
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      if (end >= text.length) return [] // Unterminated: the parser reports that itself.
      if (expectKey && open.length === 1) {
        let key: string
        try {
          key = JSON.parse(text.slice(index, end + 1)) as string
        } catch {
          return []
        }
        if (seen.has(key)) repeated.add(key)
        else seen.add(key)
      }
      expectKey = false
      index = end
    } else if (char === '{' || char === '[') {
      open.push(char)
      expectKey = char === '{'
    } else if (char === '}' || char === ']') {
      open.pop()
    } else if (char === ',') {
      expectKey = open.at(-1) === '{'
    }
  }
  return [...repeated]
}

/** Thrown while reading a JSON body that names a field twice; `keys` are the fields. */
export class RepeatedJsonKeysError extends Error {
  override name = 'RepeatedJsonKeysError'
  constructor(readonly keys: string[]) {
    super(`fields sent more than once: ${keys.join(', ')}`)
  }
}

/**
 * An express.json `verify` that refuses a body naming a field twice: the parser hands the
 * error on (type `entity.verify.failed`) to the route's error handler.
 */
export function refuseRepeatedJsonKeys(
  _req: unknown,
  _res: unknown,
  body: Buffer,
  encoding: string,
): void {
  let text: string
  try {
    text = new TextDecoder(encoding).decode(body)
  } catch {
    return // A charset the parser refuses anyway.
  }
  const keys = repeatedJsonKeys(text)
  if (keys.length > 0) throw new RepeatedJsonKeysError(keys)
}

/**
 * Names no protocol field has and an object key must not carry: `__proto__` set on a plain
 * object changes its prototype instead of adding a field (so the field silently vanished and
 * the request failed as a bad HASH), and `constructor`/`prototype` shadow what code reading the
 * object expects. A request naming one is malformed (326), never a hash failure.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key)
}
