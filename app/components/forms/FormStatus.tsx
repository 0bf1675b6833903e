import type { ReactNode } from 'react'
import './FormStatus.css'

/**
 * A polite live region under a form. It is always in the page, even when empty, so that
 * screen readers already watch it when a message arrives.
 */
export function FormStatus({ children }: { children?: ReactNode }) {
  return (
    <p className="form-status" role="status" aria-live="polite" data-empty={!children || undefined}>
      {children}
    </p>
  )
}
