import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { MerchantCheckout } from '#app/components/demo/MerchantCheckout.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/merchant-hosted-checkout')

export default function MerchantHostedCheckoutPage() {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.merchantHosted.title}
        intro={demoFlows.merchantHosted.intro}
      />
      <MerchantCheckout />
      <FlowSteps flow={demoFlows.merchantHosted} />
    </>
  )
}
