import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { DemoApiError, SignedForm } from '#app/content/demo-api.ts'
import { requestSignedForm } from './requestSignedForm.ts'
import { useRestoredFromCache } from './useRestoredFromCache.ts'

/**
 * Pay for the flows that leave the page (PG Hosted, Merchant Hosted): get the signed form from
 * the server, show the redirect loader, post the form to the gateway.
 */
export function useGatewayRedirect() {
  const formRef = useRef<HTMLFormElement>(null)
  const [form, setForm] = useState<SignedForm | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** The request's field the error is about, when the server named one. */
  const [errorField, setErrorField] = useState<DemoApiError['field']>(undefined)

  useRestoredFromCache(() => {
    setRedirecting(false)
    setForm(null)
  })

  async function pay(path: string, body: unknown): Promise<boolean> {
    if (redirecting) return false
    setError(null)
    setErrorField(undefined)
    setRedirecting(true)
    const answer = await requestSignedForm(path, body)
    if (!answer.ok) {
      setRedirecting(false)
      setError(answer.message)
      setErrorField(answer.field)
      return false
    }
    // The inputs must be in the form before it is posted.
    flushSync(() => setForm(answer.form))
    formRef.current?.submit()
    return true
  }

  return { formRef, form, redirecting, error, errorField, setError, pay }
}
