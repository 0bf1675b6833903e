import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  useCallback,
  useMemo,
  useState,
} from 'react'
import { type FieldErrors, type FieldRule, fieldError, validateFields } from '#core/forms/fields.ts'

type TextControl = HTMLInputElement | HTMLTextAreaElement

/** What a text input or text area needs from the form state: spread it onto the control. */
export interface FieldBinding {
  name: string
  value: string
  error?: string
  /** The value passed validation on blur or submit. */
  valid: boolean
  disabled: boolean
  maxLength: number
  onChange: (event: ChangeEvent<TextControl>) => void
  onBlur: (event: FocusEvent<TextControl>) => void
  onPaste: (event: ClipboardEvent<TextControl>) => void
}

export interface FormFields<Name extends string> {
  values: Record<Name, string>
  errors: FieldErrors<Name>
  field: (name: Name) => FieldBinding
  /**
   * Validates every field as a submit does: marks each one invalid or valid and returns the
   * trimmed values with their errors.
   */
  validateAll: () => ReturnType<typeof validateFields<Name>>
  /** Shows messages that came from elsewhere (the server's ERRORS); unknown names are ignored. */
  showErrors: (errors: Partial<Record<string, string>>) => void
  /** Empties every field and forgets every mark. */
  reset: () => void
  disabled: boolean
  setDisabled: (disabled: boolean) => void
}

function emptyValues<Name extends string>(names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>
}

/** What the form shows first: the server's answer to a post made before the scripts ran. */
export interface InitialFields {
  values?: Partial<Record<string, string>>
  errors?: Partial<Record<string, string>>
  /**
   * The id of the form element. Its controls are read on the first render in the browser: what
   * the visitor typed before the scripts ran, which hydration would otherwise replace.
   */
  formId?: string
}

function initialValues<Name extends string>(names: readonly Name[], initial?: InitialFields) {
  const values = emptyValues(names)
  const typed = initial?.formId ? typedBeforeHydration(initial.formId, names) : {}
  for (const name of names) {
    const given = typed[name] ?? initial?.values?.[name]
    if (typeof given === 'string') values[name] = given
  }
  return values
}

/** The values of the form's text controls as the page shows them now, in the browser only. */
export function typedBeforeHydration(
  formId: string,
  names: readonly string[],
): Partial<Record<string, string>> {
  if (typeof document === 'undefined') return {}
  const form = document.getElementById(formId)
  if (!(form instanceof HTMLFormElement)) return {}
  const values: Partial<Record<string, string>> = {}
  for (const name of names) {
    const control = form.elements.namedItem(name)
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      values[name] = control.value
    }
  }
  return values
}

/**
 * The state of a form's text fields, driven by its rules (core/forms): every change is filtered
 * as typed, each field is validated when it loses focus, an error hides while its field is
 * being edited, and a field that passes is marked valid.
 */
export function useFormFields<Name extends string>(
  rules: Record<Name, FieldRule>,
  initial?: InitialFields,
): FormFields<Name> {
  const names = useMemo(() => Object.keys(rules) as Name[], [rules])
  const [values, setValues] = useState(() => initialValues(names, initial))
  const [errors, setErrors] = useState<FieldErrors<Name>>(() =>
    pick(
      initial?.errors ?? {},
      names.filter((name) => typeof initial?.errors?.[name] === 'string'),
    ),
  )
  const [valid, setValid] = useState<Partial<Record<Name, boolean>>>({})
  const [disabled, setDisabled] = useState(false)

  /** Editing a field takes back its verdict: no error shouts while someone is still typing. */
  const edit = useCallback((name: Name, value: string) => {
    setValues((current) => (current[name] === value ? current : { ...current, [name]: value }))
    setErrors((current) => omit(current, name))
    setValid((current) => omit(current, name))
  }, [])

  const judge = useCallback(
    (name: Name, value: string) => {
      const error = fieldError(rules[name], value)
      setErrors((current) => (error ? { ...current, [name]: error } : omit(current, name)))
      setValid((current) => (error ? omit(current, name) : { ...current, [name]: true }))
    },
    [rules],
  )

  const field = useCallback(
    (name: Name): FieldBinding => {
      const rule = rules[name]
      return {
        name,
        value: values[name],
        error: errors[name],
        valid: valid[name] === true,
        disabled,
        maxLength: rule.maxLength,
        onChange: (event) => edit(name, applyFilter(event.currentTarget, rule)),
        onPaste: (event) => {
          const value = pasteBeyondLimit(event, rule)
          if (value !== undefined) edit(name, value)
        },
        onBlur: (event) => {
          const trimmed = event.currentTarget.value.trim()
          if (trimmed !== event.currentTarget.value) edit(name, trimmed)
          judge(name, trimmed)
        },
      }
    },
    [rules, values, errors, valid, disabled, edit, judge],
  )

  const validateAll = useCallback(() => {
    const result = validateFields(rules, values)
    setValues(result.values)
    setErrors(result.errors)
    const passed = names.filter((name) => !result.errors[name])
    setValid(
      Object.fromEntries(passed.map((name) => [name, true])) as Partial<Record<Name, boolean>>,
    )
    return result
  }, [rules, names, values])

  const showErrors = useCallback(
    (incoming: Partial<Record<string, string>>) => {
      const known = names.filter((name) => typeof incoming[name] === 'string')
      if (known.length === 0) return
      setErrors((current) => ({ ...current, ...pick(incoming, known) }))
      setValid((current) => {
        const next = { ...current }
        for (const name of known) delete next[name]
        return next
      })
    },
    [names],
  )

  const reset = useCallback(() => {
    setValues(emptyValues(names))
    setErrors({})
    setValid({})
    setDisabled(false)
  }, [names])

  return { values, errors, field, validateAll, showErrors, reset, disabled, setDisabled }
}

function omit<Key extends string, Value>(
  record: Partial<Record<Key, Value>>,
  key: Key,
): Partial<Record<Key, Value>> {
  if (!(key in record)) return record
  const next = { ...record }
  delete next[key]
  return next
}

function pick<Key extends string>(record: Partial<Record<string, string>>, keys: Key[]) {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Partial<Record<Key, string>>
}

/**
 * Filters the control's value and writes it back at once, keeping the caret where the person
 * was typing: otherwise a stripped character would throw the caret to the end of the field.
 */
function applyFilter(control: TextControl, rule: FieldRule): string {
  const raw = control.value
  const filtered = rule.filter(raw)
  if (filtered === raw) return filtered
  const caret = selectionStart(control)
  control.value = filtered
  if (caret !== null) {
    const position = Math.min(rule.filter(raw.slice(0, caret)).length, filtered.length)
    setCaret(control, position)
  }
  return filtered
}

/**
 * The browser cuts a paste at maxlength before the page can filter it, so "98765 43210" would
 * arrive as "98765 4321" and lose a digit. A paste that would be cut is filtered here instead.
 */
function pasteBeyondLimit(event: ClipboardEvent<TextControl>, rule: FieldRule) {
  const control = event.currentTarget
  const pasted = event.clipboardData.getData('text')
  const current = control.value
  let start = selectionStart(control)
  let end = selectionEnd(control)
  if (start === null || end === null) {
    // type="email" hides the selection; only an empty field says where the text goes.
    if (current !== '') return undefined
    start = end = 0
  }
  const before = current.slice(0, start)
  const raw = before + pasted + current.slice(end)
  if (raw.length <= control.maxLength || control.maxLength < 0) return undefined

  event.preventDefault()
  const filtered = rule.filter(raw)
  control.value = filtered
  setCaret(control, Math.min(rule.filter(before + pasted).length, filtered.length))
  return filtered
}

function selectionStart(control: TextControl): number | null {
  try {
    return control.selectionStart
  } catch {
    return null
  }
}

function selectionEnd(control: TextControl): number | null {
  try {
    return control.selectionEnd
  } catch {
    return null
  }
}

function setCaret(control: TextControl, position: number) {
  try {
    control.setSelectionRange(position, position)
  } catch {
    // Controls such as type="email" do not expose a caret; the value is still right.
  }
}
