import { StrictMode } from 'react'
import { HydratedRouter } from 'react-router/dom'
import { hydrateDocument } from '#app/client/hydrate-document.ts'

hydrateDocument(
  <StrictMode>
    <HydratedRouter />
  </StrictMode>,
)
