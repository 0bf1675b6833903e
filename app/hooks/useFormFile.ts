import { useCallback, useState } from 'react'

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
  /** The server's message about the file of a post made before the scripts ran. */
  initialError?: string,
): FormFile {
  const [file, setFile] = useState<File | null>(null)
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

  const reset = useCallback(() => {
    setFile(null)
    setError(undefined)
  }, [])

  // A file is only ever judged when chosen or submitted, so "no error" with a file means valid.
  const valid = file !== null && error === undefined
  return { file, error, valid, choose, validate, showError: setError, reset }
}
