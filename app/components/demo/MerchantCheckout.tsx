import {
  type ClipboardEvent,
  type DragEvent,
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
import { HiddenPaymentForm } from './HiddenPaymentForm.tsx'
import { MethodTiles } from './MethodTiles.tsx'
import { type PaymentMethodTab, PaymentMethodTabs } from './PaymentMethodTabs.tsx'
import { PaymentSummary } from './PaymentSummary.tsx'
import { useGatewayRedirect } from './useGatewayRedirect.ts'
import './MerchantCheckout.css'

const UPI_INPUT_ID = 'upi-id'

/** Copy, cut, paste and drop are refused on the UPI field (docs/product.md#pattern-library): the ID is typed. */
function refuse(event: ClipboardEvent<HTMLInputElement> | DragEvent<HTMLInputElement>) {
  event.preventDefault()
}

/**
 * The merchant's own checkout (docs/product.md#routes-and-screens, #ui-states): Net Banking, Wallet or UPI, then Pay. The state
 * follows the spec's names: paymentType, mopType, payerAddress and the "no bank" error.
 */
export function MerchantCheckout() {
  const [paymentType, setPaymentType] = useState<PaymentType>('NB')
  const [mopType, setMopType] = useState<string | null>(null)
  const [payerAddress, setPayerAddress] = useState('')
  const [upiError, setUpiError] = useState<string>()
  const [displayError, setDisplayError] = useState<string>()
  const gateway = useGatewayRedirect()

  const isActiveSubmitBtn = mopType !== null && !(paymentType === 'UP' && upiError)

  function chooseTab(type: PaymentType) {
    if (type === paymentType) return
    setPaymentType(type)
    setMopType(null)
    setPayerAddress('')
    setUpiError(undefined)
    setDisplayError(undefined)
    gateway.setError(null)
  }

  function chooseTile(code: string) {
    setMopType(code)
    setDisplayError(undefined)
    gateway.setError(null)
  }

  function typeUpi(raw: string) {
    const value = filterUpiId(raw)
    setPayerAddress(value)
    setUpiError(undefined)
    setMopType(isValidUpiId(value) ? 'UP' : null)
    gateway.setError(null)
  }

  function judgeUpi() {
    const error = upiIdError(payerAddress)
    setUpiError(error)
    if (error) setMopType(null)
  }

  function onUpiKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isBlockedUpiKey(event.key, { ctrl: event.ctrlKey, meta: event.metaKey })) {
      event.preventDefault()
    }
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
      />
    ),
    WL: (
      <MethodTiles
        tiles={wallets}
        label={demoPages.merchantHosted.walletsLabel}
        selectedCode={paymentType === 'WL' ? (mopType ?? undefined) : undefined}
        onSelect={(tile) => chooseTile(tile.code)}
      />
    ),
    UP: (
      <FormField
        id={UPI_INPUT_ID}
        label={upiField.label}
        hint={upiField.hint}
        error={upiError}
        valid={paymentType === 'UP' && mopType === 'UP' && !upiError && payerAddress !== ''}
        inputProps={{
          name: 'upi',
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
      <div className="container merchant-checkout">
        <div className="merchant-checkout__methods card">
          <h2 className="merchant-checkout__title">{demoPages.merchantHosted.methodsHeading}</h2>
          <PaymentMethodTabs
            tabs={tabs}
            label={demoPages.merchantHosted.methodsLabel}
            selected={paymentType}
            onSelect={chooseTab}
          />
        </div>
        <PaymentSummary
          payActive={isActiveSubmitBtn}
          onPay={onPay}
          busy={gateway.redirecting}
          error={displayError ?? gateway.error ?? undefined}
        />
      </div>
      <HiddenPaymentForm form={gateway.form} formRef={gateway.formRef} />
      {gateway.redirecting ? <RedirectLoader variant="overlay" /> : null}
    </section>
  )
}
