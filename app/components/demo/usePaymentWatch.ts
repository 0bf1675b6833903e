import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

/** How often the result page asks for a pending payment's outcome, and for how long. */
export const paymentWatch = { everyMs: 3_000, forMs: 5 * 60_000 } as const

/**
 * While `open` (the payment is pending or not yet answered), reloads the page's data every few
 * seconds so the final result shows on its own once the webhook or the reconciler has recorded
 * it; stops when the result is final, when the tab is hidden, or after `forMs`. Returns whether
 * it gave up. No `<meta refresh>`: it would reload the whole page and move the reader's focus.
 */
export function usePaymentWatch(open: boolean, timing = paymentWatch): { gaveUp: boolean } {
  const revalidator = useRevalidator()
  const revalidatorRef = useRef(revalidator)
  useEffect(() => {
    revalidatorRef.current = revalidator
  })
  const [gaveUp, setGaveUp] = useState(false)

  useEffect(() => {
    if (!open) return
    const started = Date.now()
    const timer = setInterval(() => {
      if (Date.now() - started >= timing.forMs) {
        clearInterval(timer)
        setGaveUp(true)
        return
      }
      const current = revalidatorRef.current
      if (document.visibilityState === 'visible' && current.state === 'idle') {
        void current.revalidate()
      }
    }, timing.everyMs)
    return () => clearInterval(timer)
  }, [open, timing.everyMs, timing.forMs])

  return { gaveUp }
}
