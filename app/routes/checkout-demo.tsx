import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/checkout-demo')

export default function CheckoutDemoPage() {
  return <PageBanner title="Live Demo - Checkout Js" />
}
