/** A field for a key, salt or hash: pasted exactly, so no spelling help and no autofill. */
export function codeInputProps(name: string) {
  return { name, type: 'text', spellCheck: false, autoComplete: 'off' } as const
}

/** A box for pasted fields or an ENCDATA, in a monospaced face, as exact as a key field. */
export function codeTextareaProps(name: string, rows: number, placeholder?: string) {
  return {
    name,
    rows,
    placeholder,
    spellCheck: false,
    autoComplete: 'off',
    className: 'form-field__input signature-tool__code-input',
  } as const
}
