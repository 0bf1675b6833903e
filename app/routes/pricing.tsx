import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/pricing')

export default function PricingPage() {
  return <PageBanner title="Pricing" />
}
