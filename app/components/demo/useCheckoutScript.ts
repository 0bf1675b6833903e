import { useCallback, useEffect, useRef } from 'react'

/** What the gateway's checkout.js defines (docs/architecture.md "checkout.js"). */
export interface PaystraCheckout {
  /** The gateway's origin: the only origin whose frame messages the page believes. */
  origin: string
  /** Posts `form` into the frame named `frameName`, as a checkout-mode payment request. */
  open(form: HTMLFormElement, frameName: string): void
}

declare global {
  interface Window {
    PaystraCheckout?: PaystraCheckout
  }
}

export type ScriptState = 'loading' | 'ready' | 'failed'

/**
 * Loads the gateway's checkout.js when the page opens. Nothing on screen depends on it until
 * Pay is pressed, so the state is read then rather than rendered.
 */
export function useCheckoutScript(src: string): () => ScriptState {
  const failed = useRef(false)

  useEffect(() => {
    if (window.PaystraCheckout) return
    failed.current = false
    // A script left by an earlier visit that never defined the object failed: try afresh.
    document.querySelector('script[data-paystra-checkout]')?.remove()
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.dataset.paystraCheckout = ''
    const onError = () => {
      failed.current = true
    }
    script.addEventListener('error', onError)
    document.head.append(script)
    return () => script.removeEventListener('error', onError)
  }, [src])

  return useCallback(() => {
    if (window.PaystraCheckout) return 'ready'
    return failed.current ? 'failed' : 'loading'
  }, [])
}
