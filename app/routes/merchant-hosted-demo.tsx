import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/merchant-hosted-demo')

export default function MerchantHostedDemoPage() {
  return <PageBanner title="Live Demo - Merchant Hosted" />
}
