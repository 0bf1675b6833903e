import { useEffect, useRef } from 'react'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { demoDisplayAmount, demoPayment, gatewayContinuation } from '#app/content/demo.ts'
import type { CurrencyChoice, SignedForm } from '#app/content/demo-api.ts'
import { formatAmount } from '#core/currency/format.ts'
import { GatewayForm } from './GatewayForm.tsx'
import { useHydrated } from './useHydrated.ts'
import { useRestoredFromCache } from './useRestoredFromCache.ts'
import './GatewayContinuation.css'

/**
 * After a Pay posted without scripts: the signed order and one button that posts it to the
 * gateway. Where scripts run (a slow phone that posted before they loaded), the page posts it
 * itself, once, behind the redirect loader.
 */
export function GatewayContinuation({
  form,
  currencies = [],
}: {
  form: SignedForm
  /** The demo's currencies, to write the order's amount in its own. */
  currencies?: readonly CurrencyChoice[]
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const posted = useRef(false)
  const hydrated = useHydrated()

  useEffect(() => {
    // Once: StrictMode runs effects twice in development, and a second post of the same order
    // is a duplicate the gateway refuses.
    if (posted.current) return
    posted.current = true
    formRef.current?.submit()
  }, [])

  // Back here from the gateway: this order is spent, so the demo page opens afresh (a GET of
  // the same address) for a new one.
  useRestoredFromCache(() => window.location.replace(window.location.href))

  const copy = gatewayContinuation
  return (
    <section className="section" aria-labelledby="gateway-continuation-heading">
      <div className="container">
        <div className="card gateway-continuation">
          <h2 id="gateway-continuation-heading">{copy.heading}</h2>
          <p>{copy.text(amountOf(form, currencies))}</p>
          <GatewayForm form={form} formRef={formRef}>
            <button type="submit" className="btn btn--primary">
              {copy.buttonLabel}
            </button>
          </GatewayForm>
        </div>
      </div>
      {hydrated ? <RedirectLoader variant="overlay" /> : null}
    </section>
  )
}

/**
 * The signed order's amount in its currency (`$1.00`); an encrypted form (merchant-hosted)
 * names none and pays the demo's ₹1.00.
 */
function amountOf(form: SignedForm, currencies: readonly CurrencyChoice[]): string {
  const { AMOUNT, CURRENCY_CODE } = form.fields
  const currency = currencies.find((choice) => choice.number === CURRENCY_CODE)
  if (AMOUNT && currency && /^\d{1,10}$/.test(AMOUNT)) {
    return formatAmount(AMOUNT, currency, 'en')
  }
  return `${demoPayment.currencySymbol}${demoDisplayAmount}`
}
