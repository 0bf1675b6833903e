import { type FormEvent, useState } from 'react'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { GatewayContinuation } from '#app/components/demo/GatewayContinuation.tsx'
import { GatewayForm } from '#app/components/demo/GatewayForm.tsx'
import { CurrencySelect, priceIn } from '#app/components/demo/CurrencySelect.tsx'
import {
  demoMerchantOf,
  paymentActionAnswer,
  visitorOf,
} from '#app/components/demo/payment-action.ts'
import { PaymentDemoSection } from '#app/components/demo/PaymentDemoSection.tsx'
import { useGatewayRedirect } from '#app/components/demo/useGatewayRedirect.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { PAYMENT_REQUEST_PATH, type PaymentRequestBody } from '#app/content/demo-api.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import type { Route } from './+types/pg-hosted-demo'

export const meta = () => pageMeta('/pg-hosted-demo')

/** The currencies to choose from; the rupee, first, is the default. */
export function loader({ context }: Route.LoaderArgs) {
  return { currencies: demoMerchantOf(context).currencyChoices }
}

/**
 * Pay posted before scripts ran (or without them): the server checks the currency and makes the
 * order of its 1.00, as the JSON endpoint does; a refused currency comes back as it was posted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  // Not posted, it stays absent: a page without the picker pays the demo's ₹1.00.
  const value = form.get('currency')
  const currency = typeof value === 'string' ? value.slice(0, 40) : undefined
  const started = await demoMerchantOf(context).paymentForm('hosted', visitorOf(request, context), {
    currency,
  })
  return paymentActionAnswer(started, { values: { currency: currency ?? '' } })
}

export const headers = routeHeaders

export default function PgHostedDemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const gateway = useGatewayRedirect()
  const { currencies } = loaderData
  const [currency, setCurrency] = useState(
    (actionData?.refusal ? actionData.values.currency : undefined) ?? currencies[0]?.code ?? 'INR',
  )
  // Cleared when the visitor changes what the server refused.
  const [postedRefusal, setPostedRefusal] = useState(actionData?.refusal)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPostedRefusal(undefined)
    const body: PaymentRequestBody = { flow: 'hosted', currency }
    void gateway.pay(PAYMENT_REQUEST_PATH, body)
  }

  function onChange(code: string) {
    setCurrency(code)
    setPostedRefusal(undefined)
    gateway.setError(null)
  }

  const fieldError =
    gateway.error && gateway.errorField
      ? gateway.error
      : postedRefusal?.field
        ? postedRefusal.message
        : undefined
  const status = fieldError
    ? undefined
    : (gateway.error ?? (postedRefusal ? postedRefusal.message : undefined))

  const banner = (
    <PageBanner
      eyebrow={demoPages.eyebrow}
      title={demoPages.pgHosted.title}
      intro={demoFlows.hosted.intro}
    />
  )
  if (actionData?.form) {
    return (
      <>
        {banner}
        <GatewayContinuation form={actionData.form} currencies={currencies} />
      </>
    )
  }
  return (
    <>
      {banner}
      <PaymentDemoSection
        method="post"
        onSubmit={onSubmit}
        price={priceIn(currency, currencies)}
        fields={
          <CurrencySelect
            choices={currencies}
            value={currency}
            onChange={onChange}
            error={fieldError}
          />
        }
        status={status}
        busy={gateway.redirecting}
      />
      <FlowSteps flow={demoFlows.hosted} />
      <GatewayForm form={gateway.form} formRef={gateway.formRef} />
      {gateway.redirecting ? <RedirectLoader variant="overlay" /> : null}
    </>
  )
}
