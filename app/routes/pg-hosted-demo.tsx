import type { FormEvent } from 'react'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { GatewayContinuation } from '#app/components/demo/GatewayContinuation.tsx'
import { GatewayForm } from '#app/components/demo/GatewayForm.tsx'
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
import { PAYMENT_REQUEST_PATH } from '#app/content/demo-api.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import type { Route } from './+types/pg-hosted-demo'

export const meta = () => pageMeta('/pg-hosted-demo')

/** Pay posted before scripts ran (or without them): the server makes the order, as the JSON endpoint does. */
export async function action({ request, context }: Route.ActionArgs) {
  const started = await demoMerchantOf(context).paymentForm('hosted', visitorOf(request, context))
  return paymentActionAnswer(started, {})
}

export const headers = routeHeaders

export default function PgHostedDemoPage({ actionData }: Route.ComponentProps) {
  const gateway = useGatewayRedirect()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void gateway.pay(PAYMENT_REQUEST_PATH, { flow: 'hosted' })
  }

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
        status={gateway.error ?? actionData?.refusal.message}
        busy={gateway.redirecting}
      />
      <FlowSteps flow={demoFlows.hosted} />
      <GatewayForm form={gateway.form} formRef={gateway.formRef} />
      {gateway.redirecting ? <RedirectLoader variant="overlay" /> : null}
    </>
  )
}
