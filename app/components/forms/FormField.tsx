import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import './FormField.css'

/** Attributes the field wires itself, so callers cannot wire them inconsistently. */
type WiredAttributes = 'id' | 'required' | 'aria-required' | 'aria-invalid' | 'aria-describedby'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, WiredAttributes>
type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, WiredAttributes>

interface FieldFrameProps {
  id: string
  label: string
  required?: boolean
  /** A line under the control: format, size limit, an example. */
  hint?: ReactNode
  /** Shown under the control and announced with it; absent means no error. */
  error?: string
  /** Marks a value that passed validation. */
  valid?: boolean
  className?: string
}

export type FormFieldProps = FieldFrameProps &
  (
    | { inputProps: InputProps; textareaProps?: never }
    | { textareaProps: TextareaProps; inputProps?: never }
  )

/**
 * A labelled control with its hint and error. The error is tied to the control through
 * aria-describedby only while there is one, so screen readers never read an empty slot.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  valid = false,
  className,
  inputProps,
  textareaProps,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const state = error ? 'invalid' : valid ? 'valid' : undefined
  const wired = {
    id,
    required,
    'aria-required': required || undefined,
    // "false" only once a value passed, so an untouched field claims neither.
    'aria-invalid': error ? true : valid ? false : undefined,
    'aria-describedby': describedBy,
  }

  return (
    <div className={['form-field', className].filter(Boolean).join(' ')} data-state={state}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="form-field__control">
        {textareaProps ? (
          <textarea className="form-field__input" {...textareaProps} {...wired} />
        ) : (
          <input className="form-field__input" {...inputProps} {...wired} />
        )}
        {state === 'valid' ? <ValidMark /> : null}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function ValidMark() {
  return (
    <svg
      className="form-field__valid-mark"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path
        d="M6 10.5l2.6 2.6L14 7.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
