/**
 * The HASH rule in the JavaScript of Postman's script sandbox, which cannot import the
 * protocol module (core/protocol/hash.ts holds the rule; docs/architecture.md#hash says it).
 * Like every kit's copy it is tested on the shared vectors (postman.test.ts).
 * `sha256Hex` hashes the UTF-8 bytes of a string: CryptoJS in Postman, node:crypto in tests.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the Postman scripts it is pasted into
function paystraHash(fields, salt, sha256Hex) {
  const keys = Object.keys(fields)
    .filter((key) => key !== 'HASH')
    .sort()
  const canonical = keys.map((key) => `${key}=${fields[key]}`).join('~')
  return sha256Hex(canonical + salt).toUpperCase()
}
