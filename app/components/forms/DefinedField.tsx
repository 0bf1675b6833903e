import type { ChangeEvent, FocusEvent } from 'react'
import type { FieldDefinition } from '#app/content/forms.ts'
import { FormField } from './FormField'

export interface FieldBinding {
  value?: string
  error?: string
  valid?: boolean
  onChange?: (value: string) => void
  onBlur?: (value: string) => void
}

interface DefinedFieldProps extends FieldBinding {
  id: string
  definition: FieldDefinition
  className?: string
}

/** A FormField built from a content definition: one text input or text area. */
export function DefinedField({
  id,
  definition,
  className,
  value,
  error,
  valid,
  onChange,
  onBlur,
}: DefinedFieldProps) {
  const shared = {
    name: definition.name,
    maxLength: definition.maxLength,
    placeholder: definition.placeholder,
    autoComplete: definition.autoComplete ?? 'off',
    value,
    onChange: onChange
      ? (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onChange(event.currentTarget.value)
      : undefined,
    onBlur: onBlur
      ? (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onBlur(event.currentTarget.value)
      : undefined,
  }
  const frame = {
    id,
    label: definition.label,
    required: definition.required,
    error,
    valid,
    className,
  }
  if (definition.rows) {
    return <FormField {...frame} textareaProps={{ ...shared, rows: definition.rows }} />
  }
  return (
    <FormField
      {...frame}
      inputProps={{
        ...shared,
        type: definition.type ?? 'text',
        inputMode: definition.inputMode,
      }}
    />
  )
}
