import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useState,
} from 'react'
import { FormField } from '#app/components/forms/FormField.tsx'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import {
  demoPages,
  merchantHostedMessages,
  netBankingBanks,
  paymentMethodTabs,
  type PaymentType,
  upiField,
  wallets,
} from '#app/content/demo.ts'
import {
  MERCHANT_HOSTED_REQUEST_PATH,
  type MerchantHostedRequestBody,
} from '#app/content/demo-api.ts'
import { filterUpiId, isBlockedUpiKey, isValidUpiId, UPI_MAX, upiIdError } from '#core/forms/upi.ts'
import { GatewayForm } from './GatewayForm.tsx'
import { type CheckoutChoice, checkoutTabHref } from './checkout-choice.ts'
import type { PaymentRefusal } from './payment-action.ts'
import { MethodTiles } from './MethodTiles.tsx'
import { type PaymentMethodTab, PaymentMethodTabs } from './PaymentMethodTabs.tsx'
import { PaymentSummary } from './PaymentSummary.tsx'
import { useGatewayRedirect } from './useGatewayRedirect.ts'
import { useHydrated } from './useHydrated.ts'
import './MerchantCheckout.css'

const UPI_INPUT_ID = 'upi-id'
/** The form a tile submits before scripts run (server/demo has nothing to do with it). */
const CHOICE_FORM_ID = 'merchant-checkout-choice'

/**
 * What the UPI field holds as the page hydrates: an ID typed before the scripts ran, which
 * hydration would otherwise put back to the server's value. Nothing on the server, or when the
 * page is built in the browser.
 */
function typedBeforeScripts(): string | undefined {
  if (typeof document === 'undefined') return undefined
  const field = document.getElementById(UPI_INPUT_ID)
  return field instanceof HTMLInputElement ? field.value : undefined
}

/** Copy, cut, paste and drop are refused on the UPI field (docs/product.md#pattern-library): the ID is typed. */
function refuse(event: ClipboardEvent<HTMLInputElement> | DragEvent<HTMLInputElement>) {
  event.preventDefault()
}

interface MerchantCheckoutProps {
  /** Where the page opens: the tab and tile of its address, or what was posted and refused. */
  initial?: CheckoutChoice
  /** The server's answer to a Pay posted without scripts, shown beside the control it is about. */
  refusal?: PaymentRefusal
}

/**
 * The merchant's own checkout (docs/product.md#routes-and-screens, #ui-states): Net Banking, Wallet or UPI, then Pay. The state
 * follows the spec's names: paymentType, mopType, payerAddress and the "no bank" error.
 *
 * It works before its scripts run too: the tabs are links to the page open on them, a tile
 * submits the choice form (the page again with the tile chosen), and Pay posts the checkout's
 * form to the route's action, which answers with the order or with the same messages.
 */
export function MerchantCheckout({
  initial = { paymentType: 'NB' },
  refusal,
}: MerchantCheckoutProps) {
  const initialAddress = initial.payerAddress ?? ''
  // A refused UPI ID is the field's error; any other refusal is Pay's.
  const upiRefused = initial.paymentType === 'UP' && refusal?.status === 400
  const [paymentType, setPaymentType] = useState<PaymentType>(initial.paymentType)
  const [tileCode, setTileCode] = useState<string | null>(initial.mopType ?? null)
  const [payerAddress, setPayerAddress] = useState(() => typedBeforeScripts() ?? initialAddress)
  const [upiError, setUpiError] = useState(upiRefused ? refusal.message : undefined)
  const [displayError, setDisplayError] = useState(upiRefused ? undefined : refusal?.message)
  const gateway = useGatewayRedirect()
  const hydrated = useHydrated()

  // On UPI the method is the ID, chosen while a valid one stands unrefused; before the scripts
  // run the page cannot judge it (the server does, when Pay posts it).
  const upiChosen = hydrated && isValidUpiId(payerAddress.trim()) && !upiError
  const mopType = paymentType === 'UP' ? (upiChosen ? 'UP' : null) : tileCode

  const isActiveSubmitBtn = mopType !== null
  // Before scripts run, nothing judges a typed UPI ID until Pay posts it, a refused one mended
  // included: Pay must not look unavailable on that tab.
  const payActive = isActiveSubmitBtn || (!hydrated && paymentType === 'UP')

  function chooseTab(type: PaymentType) {
    if (type === paymentType) return
    setPaymentType(type)
    setTileCode(null)
    setPayerAddress('')
    setUpiError(undefined)
    setDisplayError(undefined)
    gateway.setError(null)
  }

  function chooseTile(code: string) {
    setTileCode(code)
    setDisplayError(undefined)
    gateway.setError(null)
  }

  function typeUpi(raw: string) {
    const value = filterUpiId(raw)
    setPayerAddress(value)
    setUpiError(undefined)
    gateway.setError(null)
  }

  function judgeUpi() {
    const error = upiIdError(payerAddress)
    setUpiError(error)
  }

  function onUpiKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isBlockedUpiKey(event.key, { ctrl: event.ctrlKey, meta: event.metaKey })) {
      event.preventDefault()
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onPay()
  }

  function onPay() {
    if (gateway.redirecting) return
    if (!isActiveSubmitBtn || mopType === null) {
      if (paymentType === 'NB') setDisplayError(merchantHostedMessages.noBank)
      else if (paymentType === 'WL') setDisplayError(merchantHostedMessages.noWallet)
      else {
        judgeUpi()
        document.getElementById(UPI_INPUT_ID)?.focus()
      }
      return
    }
    const body: MerchantHostedRequestBody = {
      paymentType,
      mopType,
      ...(paymentType === 'UP' ? { payerAddress } : {}),
    }
    void gateway.pay(MERCHANT_HOSTED_REQUEST_PATH, body)
  }

  const panels: Record<PaymentType, ReactNode> = {
    NB: (
      <MethodTiles
        tiles={netBankingBanks}
        label={demoPages.merchantHosted.banksLabel}
        selectedCode={paymentType === 'NB' ? (mopType ?? undefined) : undefined}
        onSelect={(tile) => chooseTile(tile.code)}
        choiceForm={CHOICE_FORM_ID}
      />
    ),
    WL: (
      <MethodTiles
        tiles={wallets}
        label={demoPages.merchantHosted.walletsLabel}
        selectedCode={paymentType === 'WL' ? (mopType ?? undefined) : undefined}
        onSelect={(tile) => chooseTile(tile.code)}
        choiceForm={CHOICE_FORM_ID}
      />
    ),
    UP: (
      <FormField
        id={UPI_INPUT_ID}
        label={upiField.label}
        hint={upiField.hint}
        error={upiError}
        valid={paymentType === 'UP' && upiChosen}
        inputProps={{
          name: 'payerAddress',
          // Refused without scripts: the page opens on the field to mend.
          autoFocus: upiRefused,
          type: 'text',
          inputMode: 'email',
          autoComplete: 'off',
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
          placeholder: upiField.placeholder,
          maxLength: UPI_MAX,
          value: payerAddress,
          onChange: (event) => typeUpi(event.currentTarget.value),
          onBlur: judgeUpi,
          onKeyDown: onUpiKeyDown,
          onCopy: refuse,
          onCut: refuse,
          onPaste: refuse,
          onDrop: refuse,
        }}
      />
    ),
  }

  const tabs: PaymentMethodTab[] = paymentMethodTabs.map((tab) => ({
    type: tab.type,
    label: tab.label,
    panel: (
      <>
        <p className="merchant-checkout__hint">{tab.hint}</p>
        {panels[tab.type]}
      </>
    ),
  }))

  return (
    <section
      className="section merchant-checkout-section"
      aria-label={demoPages.merchantHosted.title}
    >
      <form method="post" className="container merchant-checkout" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="paymentType" value={paymentType} />
        <div className="merchant-checkout__methods card">
          <h2 className="merchant-checkout__title">{demoPages.merchantHosted.methodsHeading}</h2>
          <PaymentMethodTabs
            tabs={tabs}
            label={demoPages.merchantHosted.methodsLabel}
            selected={paymentType}
            onSelect={chooseTab}
            hrefOf={checkoutTabHref}
          />
        </div>
        <PaymentSummary
          payActive={payActive}
          payField={{ name: 'mopType', value: mopType ?? '' }}
          busy={gateway.redirecting}
          error={displayError ?? gateway.error ?? undefined}
        />
      </form>
      <form id={CHOICE_FORM_ID} method="get" hidden>
        <input type="hidden" name="paymentType" value={paymentType} />
      </form>
      <GatewayForm form={gateway.form} formRef={gateway.formRef} />
      {gateway.redirecting ? <RedirectLoader variant="overlay" /> : null}
    </section>
  )
}
