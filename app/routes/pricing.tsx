import { PageBanner } from '#app/components/PageBanner.tsx'
import { SpecialPlan } from '#app/components/pricing/SpecialPlan.tsx'
import { StandardPlan } from '#app/components/pricing/StandardPlan.tsx'
import { pricingIntro } from '#core/pricing/pricing.ts'
import type { PageHandle } from '#app/enhance/modules.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/pricing')

export const handle: PageHandle = { enhancements: ['pricing'] }

export default function PricingPage() {
  return (
    <>
      <PageBanner
        eyebrow={pricingIntro.eyebrow}
        title={pricingIntro.title}
        intro={pricingIntro.lead}
      />
      <StandardPlan />
      <SpecialPlan />
    </>
  )
}
