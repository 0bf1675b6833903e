/** A field for a key, salt or hash: pasted exactly, so no spelling help and no autofill. */
export function codeInputProps(name: string) {
  return { name, type: 'text', spellCheck: false, autoComplete: 'off' } as const
}
