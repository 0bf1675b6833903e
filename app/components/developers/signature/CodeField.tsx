import { FormField } from '#app/components/forms/FormField.tsx'

export interface CodeFieldProps {
  id: string
  name: string
  label: string
  hint?: string
  /** `numeric` for an id made of digits, such as PAY_ID: a phone shows its number pad. */
  inputMode?: 'numeric'
}

/** A labelled one-line field for a key, salt, hash or id, pasted exactly: no spelling help, no autofill. */
export function CodeField({ id, name, label, hint, inputMode }: CodeFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      inputProps={{ name, type: 'text', spellCheck: false, autoComplete: 'off', inputMode }}
    />
  )
}
