import { useCallback, useEffect, useState } from 'react'

export interface FormFile {
  file: File | null
  error?: string
  valid: boolean
  /** Checks a newly chosen file (or none) straight away, as a text field is checked on blur. */
  choose: (file: File | null) => void
  /** Checks the chosen file as a submit does; returns its message, if any. */
  validate: () => string | undefined
  showError: (message: string) => void
  reset: () => void
}

/** A file input's state: the chosen file and its verdict from `check` (e.g. resumeError). */
export function useFormFile(
  check: (file: File | null) => string | undefined,
  initial: {
    /** The server's message about the file of a post made before the scripts ran. */
    error?: string
    /** Where a file chosen before the scripts ran is: the form's id and the input's name. */
    formId?: string
    name?: string
  } = {},
): FormFile {
  const [file, setFile] = useState<File | null>(null)
  const initialError = initial.error
  const [error, setError] = useState<string | undefined>(initialError)

  const choose = useCallback(
    (next: File | null) => {
      setFile(next)
      setError(check(next))
    },
    [check],
  )

  const validate = useCallback(() => {
    const message = check(file)
    setError(message)
    return message
  }, [check, file])

  // A file chosen before the scripts ran is still in the input: taken over once hydrated (not in
  // the first render, which must match the server's HTML).
  const { formId, name } = initial
  useEffect(() => {
    const chosen = chosenBeforeHydration({ formId, name })
    // Synchronising with the DOM, once: the input held the file before React did.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (chosen) choose(chosen)
  }, [formId, name, choose])

  const reset = useCallback(() => {
    setFile(null)
    setError(undefined)
  }, [])

  // A file is only ever judged when chosen or submitted, so "no error" with a file means valid.
  const valid = file !== null && error === undefined
  return { file, error, valid, choose, validate, showError: setError, reset }
}

/** The file the input holds as the page shows it now (in the browser only), or null. */
function chosenBeforeHydration({ formId, name }: { formId?: string; name?: string }) {
  if (typeof document === 'undefined' || !formId || !name) return null
  const form = document.getElementById(formId)
  const input = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null
}
