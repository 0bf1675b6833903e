import type { FormEvent } from 'react'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { HiddenPaymentForm } from '#app/components/demo/HiddenPaymentForm.tsx'
import { PaymentDemoSection } from '#app/components/demo/PaymentDemoSection.tsx'
import { useGatewayRedirect } from '#app/components/demo/useGatewayRedirect.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { PAYMENT_REQUEST_PATH } from '#app/content/demo-api.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/pg-hosted-demo')

export default function PgHostedDemoPage() {
  const gateway = useGatewayRedirect()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void gateway.pay(PAYMENT_REQUEST_PATH, { flow: 'hosted' })
  }

  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.pgHosted.title}
        intro={demoFlows.hosted.intro}
      />
      <PaymentDemoSection onSubmit={onSubmit} status={gateway.error} busy={gateway.redirecting} />
      <FlowSteps flow={demoFlows.hosted} />
      <HiddenPaymentForm form={gateway.form} formRef={gateway.formRef} />
      {gateway.redirecting ? <RedirectLoader variant="overlay" /> : null}
    </>
  )
}
