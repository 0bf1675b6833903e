import { isPaymentType, isTileOf, type PaymentType } from '#app/content/demo.ts'
import type { MerchantHostedRequestBody } from '#app/content/demo-api.ts'
import { UPI_MAX } from '#core/forms/upi.ts'

/**
 * What the visitor chose on the merchant-hosted checkout, as the page's address (a tab's link,
 * a tile pressed without scripts) or its posted form carries it. The names are those of the
 * JSON endpoint's body, so the page's form and the scripts send the same fields.
 */
export interface CheckoutChoice {
  paymentType: PaymentType
  /** A tile of the tab (Net Banking or Wallet); anything else is no choice. */
  mopType?: string
  /** As typed on the UPI tab, judged by the server, shown again when refused. */
  payerAddress?: string
}

type ChoiceField = keyof MerchantHostedRequestBody

/** Reads a choice from a query or a posted form; Net Banking when no tab is named. */
export function readCheckoutChoice(values: {
  get(name: ChoiceField): FormDataEntryValue | null
}): CheckoutChoice {
  const named = values.get('paymentType')
  const paymentType = isPaymentType(named) ? named : 'NB'
  if (paymentType === 'UP') {
    const address = values.get('payerAddress')
    return {
      paymentType,
      payerAddress: typeof address === 'string' ? address.slice(0, UPI_MAX) : '',
    }
  }
  const mopType = values.get('mopType')
  return isTileOf(paymentType, mopType) ? { paymentType, mopType } : { paymentType }
}

/** A tab's own address: the page opens on it without scripts. */
export function checkoutTabHref(paymentType: PaymentType): string {
  return `?${new URLSearchParams({ paymentType } satisfies Partial<Record<ChoiceField, string>>)}`
}
