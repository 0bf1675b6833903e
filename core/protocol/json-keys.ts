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

/**
 * The most fields a protocol request may carry: the largest one, a merchant-hosted payment
 * request, takes 17 (the OpenAPI document's largest JSON request, a payout, 13); the rest is margin
 * for fields a merchant's own code adds. Anything beyond is refused before it is parsed, hashed
 * or echoed.
 */
export const MAX_REQUEST_FIELDS = 64

/**
 * The longest value of a request field, in characters as sent: a RETURN_URL or NOTIFY_URL is
 * at most 2,048; twice that leaves room for JSON escapes. Fields that carry more (a dispute's
 * evidence) name their own bound.
 */
export const MAX_VALUE_LENGTH = 4096

/** The longest field name, in characters as sent: the protocol's are under 30. */
export const MAX_KEY_LENGTH = 64

/** What a JSON request body may be: one object of string values, this many, this long. */
export interface FlatJsonBounds {
  maxFields: number
  maxValueLength: number
  /** Fields whose values may be longer than maxValueLength, with their own bound. */
  longValues?: Readonly<Record<string, number>>
}

export type FlatJsonProblem =
  | 'not-an-object'
  | 'not-a-string'
  | 'too-many-fields'
  | 'key-too-long'
  | 'value-too-long'
  | 'repeated-field'
  | 'malformed'

/**
 * Why a JSON body is not one flat object of strings within the bounds, or undefined when it
 * is. One pass over the text that stops at the first problem: a value that opens an array or
 * an object is refused at its first character, never walked through, so a body nested a
 * million levels deep costs no more than one that is not. What passes is small enough to
 * parse, hash and echo. Escapes inside strings are skipped, not checked: JSON.parse does that.
 */
export function flatJsonProblem(text: string, bounds: FlatJsonBounds): FlatJsonProblem | undefined {
  let index = 0
  const skipSpace = () => {
    while (index < text.length && ' \t\n\r'.includes(text[index]!)) index++
  }
  /** The end of the string opening at `index` (its closing quote), or -1. */
  const stringEnd = () => {
    let end = index + 1
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1
    return end < text.length ? end : -1
  }
  /** After the closing brace: nothing but white space. */
  const trailing = () => {
    index++
    skipSpace()
    return index === text.length ? undefined : 'malformed'
  }
  skipSpace()
  if (text[index] !== '{') return 'not-an-object'
  index++
  skipSpace()
  if (text[index] === '}') return trailing()
  const seen = new Set<string>()
  for (;;) {
    if (text[index] !== '"') return 'malformed'
    const keyEnd = stringEnd()
    if (keyEnd < 0) return 'malformed'
    if (keyEnd - index - 1 > MAX_KEY_LENGTH) return 'key-too-long'
    const raw = text.slice(index + 1, keyEnd)
    let key = raw
    if (raw.includes('\\')) {
      try {
        key = JSON.parse(text.slice(index, keyEnd + 1)) as string
      } catch {
        return 'malformed'
      }
    }
    if (seen.has(key)) return 'repeated-field'
    seen.add(key)
    if (seen.size > bounds.maxFields) return 'too-many-fields'
    index = keyEnd + 1
    skipSpace()
    if (text[index] !== ':') return 'malformed'
    index++
    skipSpace()
    if (text[index] !== '"') return index < text.length ? 'not-a-string' : 'malformed'
    const valueEnd = stringEnd()
    if (valueEnd < 0) return 'malformed'
    const limit = Object.hasOwn(bounds.longValues ?? {}, key)
      ? bounds.longValues![key]!
      : bounds.maxValueLength
    if (valueEnd - index - 1 > limit) return 'value-too-long'
    index = valueEnd + 1
    skipSpace()
    if (text[index] === '}') return trailing()
    if (text[index] !== ',') return 'malformed'
    index++
    skipSpace()
  }
}

/** Thrown while reading a JSON body that is not a flat object of strings within its bounds. */
export class UnboundedJsonError extends Error {
  override name = 'UnboundedJsonError'
  constructor(readonly problem: FlatJsonProblem) {
    super(`not a flat JSON object of strings within the bounds: ${problem}`)
  }
}

/**
 * An express.json `verify` that refuses, before the body is parsed, anything but one flat
 * object of strings within `bounds` (fields named twice included): the parser hands the error
 * on (type `entity.verify.failed`).
 */
export function refuseUnboundedJson(bounds: FlatJsonBounds) {
  return (_req: unknown, _res: unknown, body: Buffer, encoding: string): void => {
    let text: string
    try {
      text = new TextDecoder(encoding).decode(body)
    } catch {
      return // A charset the parser refuses anyway.
    }
    const problem = flatJsonProblem(text, bounds)
    if (problem) throw new UnboundedJsonError(problem)
  }
}
