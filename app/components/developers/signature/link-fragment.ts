/**
 * What a link into the signature debugger may carry in its fragment, which a browser never
 * sends to a server: the sandbox's 323 refusals link here with the fields they refused
 * (`#fields=<form body, HASH included>`) or an ENCDATA that did not decrypt
 * (`#encdata=<form body of PAY_ID and ENCDATA>`), so the developer only adds the salt.
 */
export type LinkedFields =
  { tool: 'hash'; fields: string } | { tool: 'encdata'; payId: string; encdata: string }

/** The fields as the Fields box shows them: KEY=VALUE lines, or the form body when a value holds a line break. */
export function fieldsText(body: string): string {
  const entries = [...new URLSearchParams(body)]
  if (entries.some(([key, value]) => /[\r\n]/.test(key + value) || key !== key.trim())) return body
  return entries.map(([key, value]) => `${key}=${value}`).join('\n')
}

/** Reads `location.hash`; null when it carries nothing for the debugger. */
export function readLinkFragment(hash: string): LinkedFields | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash
  if (fragment.startsWith('fields=')) {
    const body = fragment.slice('fields='.length)
    return body === '' ? null : { tool: 'hash', fields: fieldsText(body) }
  }
  if (fragment.startsWith('encdata=')) {
    const posted = new URLSearchParams(fragment.slice('encdata='.length))
    const encdata = posted.get('ENCDATA') ?? ''
    return encdata === '' ? null : { tool: 'encdata', payId: posted.get('PAY_ID') ?? '', encdata }
  }
  return null
}
