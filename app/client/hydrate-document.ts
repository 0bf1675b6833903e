import { type ReactNode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/**
 * Hydrates the server-rendered document with React: the development server and unit tests.
 * The production client build swaps this module for hydrate-document.preact.ts (ADR 010).
 */
export function hydrateDocument(app: ReactNode) {
  startTransition(() => {
    hydrateRoot(document, app)
  })
}
