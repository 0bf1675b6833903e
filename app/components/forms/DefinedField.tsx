import type { FieldDefinition } from '#app/content/forms.ts'
import type { FieldBinding } from '#app/hooks/useFormFields.ts'
import { FormField } from './FormField.tsx'

interface DefinedFieldProps {
  id: string
  definition: FieldDefinition
  /** Value, marks and handlers from the form's state (useFormFields). */
  binding: FieldBinding
  className?: string
}

/** A FormField built from a content definition and the form's state: one input or text area. */
export function DefinedField({ id, definition, binding, className }: DefinedFieldProps) {
  const { error, valid, ...control } = binding
  const shared = {
    ...control,
    placeholder: definition.placeholder,
    autoComplete: definition.autoComplete ?? 'off',
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
