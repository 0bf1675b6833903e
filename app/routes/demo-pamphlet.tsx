import { AcceptanceOptimisation } from '#app/components/pamphlet/AcceptanceOptimisation.tsx'
import { BenefitCards } from '#app/components/pamphlet/BenefitCards.tsx'
import { ConnectWithUs } from '#app/components/pamphlet/ConnectWithUs.tsx'
import { DiscoverCallout } from '#app/components/pamphlet/DiscoverCallout.tsx'
import { PamphletHero } from '#app/components/pamphlet/PamphletHero.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/demo-pamphlet')

/** docs/product.md#routes-and-screens: the pamphlet has no banner title; its hero carries the page's h1. */
export default function DemoPamphletPage() {
  return (
    <>
      <PamphletHero />
      <BenefitCards />
      <DiscoverCallout />
      <AcceptanceOptimisation />
      <ConnectWithUs />
    </>
  )
}
