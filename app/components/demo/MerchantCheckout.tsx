import type { ReactNode } from 'react'
import { FormField } from '#app/components/forms/FormField.tsx'
import {
  demoPages,
  netBankingBanks,
  paymentMethodTabs,
  type PaymentType,
  upiField,
  wallets,
} from '#app/content/demo.ts'
import { MethodTiles } from './MethodTiles'
import { type PaymentMethodTab, PaymentMethodTabs } from './PaymentMethodTabs'
import { PaymentSummary } from './PaymentSummary'
import './MerchantCheckout.css'

const panels: Record<PaymentType, ReactNode> = {
  NB: <MethodTiles tiles={netBankingBanks} label={demoPages.merchantHosted.banksLabel} />,
  WL: <MethodTiles tiles={wallets} label={demoPages.merchantHosted.walletsLabel} />,
  UP: (
    <FormField
      id="upi-id"
      label={upiField.label}
      hint={upiField.hint}
      inputProps={{
        name: 'upi',
        type: 'text',
        inputMode: 'email',
        autoComplete: 'off',
        autoCapitalize: 'none',
        spellCheck: false,
        placeholder: upiField.placeholder,
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

/** The merchant's own checkout: its method picker beside the payment summary (SPEC §2). */
export function MerchantCheckout() {
  return (
    <section
      className="section merchant-checkout-section"
      aria-label={demoPages.merchantHosted.title}
    >
      <div className="container merchant-checkout">
        <div className="merchant-checkout__methods card">
          <h2 className="merchant-checkout__title">{demoPages.merchantHosted.methodsHeading}</h2>
          <PaymentMethodTabs tabs={tabs} label={demoPages.merchantHosted.methodsLabel} />
        </div>
        <PaymentSummary />
      </div>
    </section>
  )
}
