import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { PaymentDemoSection } from '#app/components/demo/PaymentDemoSection.tsx'
import { usePayInterim } from '#app/components/demo/usePayInterim.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/checkout-demo')

export default function CheckoutDemoPage() {
  const pay = usePayInterim()
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.checkout.title}
        intro={demoFlows.checkout.intro}
      />
      <PaymentDemoSection onSubmit={pay.onSubmit} status={pay.status} />
      <FlowSteps flow={demoFlows.checkout} />
    </>
  )
}
