import { type FormEvent, useState } from 'react'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { GatewayContinuation } from '#app/components/demo/GatewayContinuation.tsx'
import { GatewayForm } from '#app/components/demo/GatewayForm.tsx'
import {
  type OrderAmountError,
  OrderAmountFields,
  type OrderAmountValues,
} from '#app/components/demo/OrderAmountFields.tsx'
import {
  demoMerchantOf,
  paymentActionAnswer,
  visitorOf,
} from '#app/components/demo/payment-action.ts'
import { PaymentDemoSection } from '#app/components/demo/PaymentDemoSection.tsx'
import { useGatewayRedirect } from '#app/components/demo/useGatewayRedirect.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { demoDisplayAmount, demoFlows, demoPages } from '#app/content/demo.ts'
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
 * Pay posted before scripts ran (or without them): the server checks the currency and amount
 * and makes the order, as the JSON endpoint does; a refused field comes back with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  // A field not posted stays absent: a page without the fields pays the demo's ₹1.00.
  const text = (name: keyof OrderAmountValues) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, 40) : undefined
  }
  const posted = { currency: text('currency'), amount: text('amount') }
  const started = await demoMerchantOf(context).paymentForm(
    'hosted',
    visitorOf(request, context),
    posted,
  )
  const values: OrderAmountValues = { currency: posted.currency ?? '', amount: posted.amount ?? '' }
  return paymentActionAnswer(started, { values })
}

export const headers = routeHeaders

export default function PgHostedDemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const gateway = useGatewayRedirect()
  const { currencies } = loaderData
  const [values, setValues] = useState<OrderAmountValues>(
    (actionData?.refusal ? actionData.values : undefined) ?? {
      currency: currencies[0]?.code ?? 'INR',
      amount: demoDisplayAmount,
    },
  )
  // Cleared when the visitor changes what the server refused.
  const [postedRefusal, setPostedRefusal] = useState(actionData?.refusal)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPostedRefusal(undefined)
    const body: PaymentRequestBody = { flow: 'hosted', ...values }
    void gateway.pay(PAYMENT_REQUEST_PATH, body)
  }

  function onChange(next: OrderAmountValues) {
    setValues(next)
    setPostedRefusal(undefined)
    gateway.setError(null)
  }

  const fieldError: OrderAmountError | undefined =
    gateway.error && gateway.errorField
      ? { field: gateway.errorField, message: gateway.error }
      : postedRefusal?.field
        ? { field: postedRefusal.field, message: postedRefusal.message }
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
        <GatewayContinuation form={actionData.form} />
      </>
    )
  }
  return (
    <>
      {banner}
      <PaymentDemoSection
        method="post"
        onSubmit={onSubmit}
        fields={
          <OrderAmountFields
            choices={currencies}
            values={values}
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
