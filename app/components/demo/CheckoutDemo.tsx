import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link } from 'react-router'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { checkoutNoScript, paymentResultCopy } from '#app/content/demo.ts'
import {
  CHECKOUT_VERIFY_PATH,
  type CheckoutVerifyAnswer,
  type CurrencyChoice,
  PAYMENT_REQUEST_PATH,
  type PaymentRequestBody,
  type SignedForm,
} from '#app/content/demo-api.ts'
import { GatewayForm } from './GatewayForm.tsx'
import { CurrencySelect, priceIn } from './CurrencySelect.tsx'
import { PaymentDemoSection } from './PaymentDemoSection.tsx'
import { type CheckoutOutcome, PaymentResultDialog } from './PaymentResultDialog.tsx'
import { requestSignedForm } from './requestSignedForm.ts'
import { useCheckoutScript } from './useCheckoutScript.ts'
import './CheckoutDemo.css'

const FRAME_NAME = 'paystra-checkout-frame'

/**
 * Where the payment stands: the server signs it (requesting), the popup shows the loader
 * (loading) until the frame says its page is visible (visible), then the merchant server checks
 * the frame's response (verifying) before the result popup opens.
 */
type Stage = 'idle' | 'requesting' | 'loading' | 'visible' | 'verifying'

/**
 * The Checkout Js demo: the gateway's page in a frame in a popup over this page (docs/product.md#routes-and-screens, #ui-states).
 * With `currencies`, the visitor chooses the currency of the 1.00 price, as on PG Hosted; without,
 * the demo's ₹1.00.
 */
export function CheckoutDemo({
  scriptUrl,
  currencies,
}: {
  scriptUrl: string
  currencies?: readonly CurrencyChoice[]
}) {
  const scriptState = useCheckoutScript(scriptUrl)
  const formRef = useRef<HTMLFormElement>(null)
  const popupRef = useRef<HTMLDialogElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const [form, setForm] = useState<SignedForm | null>(null)
  const [stage, setStage] = useState<Stage>('idle')
  const [note, setNote] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null)
  const [currency, setCurrency] = useState(currencies?.[0]?.code ?? 'INR')
  const [fieldError, setFieldError] = useState<string | undefined>(undefined)
  // Set when the frame itself ends the payment, so the popup's close is not read as "abandoned".
  const endedByFrame = useRef(false)

  const verify = useCallback(async (response: unknown) => {
    setOutcome(await verifyResponse(response))
    setStage('idle')
  }, [])

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const checkout = window.PaystraCheckout
      // Only the gateway's own page in our frame may drive the popup.
      if (!checkout || event.origin !== checkout.origin) return
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return
      const data: unknown = event.data
      if (typeof data !== 'object' || data === null) return
      const message = data as { isPageVisible?: unknown; closeIframe?: unknown; response?: unknown }
      if (message.isPageVisible === true) {
        setStage((current) => (current === 'loading' ? 'visible' : current))
      }
      if (message.closeIframe === true) {
        endedByFrame.current = true
        setStage('verifying')
        popupRef.current?.close()
        void verify(message.response)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [verify])

  useEffect(() => {
    const popup = popupRef.current
    if (!popup) return
    function onPopupClose() {
      if (endedByFrame.current) {
        endedByFrame.current = false
        return
      }
      // Closed by the visitor (Escape or the close button) before the payment ended.
      setStage('idle')
      setNote(paymentResultCopy.checkoutClosedNote)
    }
    popup.addEventListener('close', onPopupClose)
    return () => popup.removeEventListener('close', onPopupClose)
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (stage !== 'idle') return
    const checkout = window.PaystraCheckout
    if (!checkout) {
      setNote(
        scriptState() === 'failed'
          ? paymentResultCopy.scriptFailed
          : paymentResultCopy.scriptLoading,
      )
      return
    }
    setNote(null)
    setFieldError(undefined)
    setStage('requesting')
    const body: PaymentRequestBody = currencies
      ? { flow: 'checkout', currency }
      : { flow: 'checkout' }
    const answer = await requestSignedForm(PAYMENT_REQUEST_PATH, body)
    if (!answer.ok) {
      setStage('idle')
      if (answer.field) setFieldError(answer.message)
      else setNote(answer.message)
      return
    }
    flushSync(() => {
      setForm(answer.form)
      setStage('loading')
    })
    popupRef.current?.showModal()
    if (formRef.current) checkout.open(formRef.current, FRAME_NAME)
  }

  const framed = stage === 'loading' || stage === 'visible'
  return (
    <>
      <PaymentDemoSection
        onSubmit={onSubmit}
        busy={stage !== 'idle'}
        status={stage === 'verifying' ? paymentResultCopy.verifying : note}
        notice={<NeedsScriptsNotice />}
        price={currencies ? priceIn(currency, currencies) : undefined}
        fields={
          currencies ? (
            <CurrencySelect
              choices={currencies}
              value={currency}
              onChange={(code) => {
                setCurrency(code)
                setFieldError(undefined)
              }}
              error={fieldError}
            />
          ) : undefined
        }
      />
      <GatewayForm form={form} formRef={formRef} />
      <dialog
        ref={popupRef}
        className="modal checkout-popup"
        aria-label={paymentResultCopy.checkoutPopupLabel}
        data-stage={stage}
      >
        <div className="checkout-popup__bar">
          <span className="checkout-popup__title">{paymentResultCopy.checkoutPopupLabel}</span>
          <button
            type="button"
            className="checkout-popup__close"
            aria-label={paymentResultCopy.closePopupLabel}
            onClick={() => popupRef.current?.close()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="checkout-popup__body">
          {stage === 'loading' ? <RedirectLoader /> : null}
          {framed ? (
            <iframe
              ref={frameRef}
              name={FRAME_NAME}
              title={paymentResultCopy.checkoutFrameTitle}
              className="checkout-popup__frame"
              data-visible={stage === 'visible'}
            />
          ) : null}
        </div>
      </dialog>
      <PaymentResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  )
}

/** The merchant server, not the page, decides whether the frame's response is a real result. */
async function verifyResponse(response: unknown): Promise<CheckoutOutcome> {
  try {
    const answer = await fetch(CHECKOUT_VERIFY_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(response ?? {}),
    })
    const body = (await answer.json()) as CheckoutVerifyAnswer
    if (body.verified) return { kind: 'result', result: body.result }
    return { kind: 'unverified', message: `${paymentResultCopy.verifyFailed} ${body.message}` }
  } catch {
    return { kind: 'unverified', message: paymentResultCopy.verifyFailed }
  }
}

/** checkout.js runs in the page: without scripts there is no checkout, so say so and where to go. */
function NeedsScriptsNotice() {
  return (
    <noscript>
      <p className="checkout-demo__no-script">
        {checkoutNoScript.text}{' '}
        <Link to={checkoutNoScript.linkTo}>{checkoutNoScript.linkLabel}</Link>.
      </p>
    </noscript>
  )
}
