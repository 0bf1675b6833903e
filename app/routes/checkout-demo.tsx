import { CheckoutDemo } from '#app/components/demo/CheckoutDemo.tsx'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { demoMerchantOf } from '#app/components/demo/payment-action.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'
import type { Route } from './+types/checkout-demo'

export const meta = () => pageMeta('/checkout-demo')

/** The page only learns where the gateway's checkout.js is; the secret stays on the server. */
export function loader({ context }: Route.LoaderArgs) {
  return { checkoutScriptUrl: demoMerchantOf(context).checkoutScriptUrl }
}

export default function CheckoutDemoPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.checkout.title}
        intro={demoFlows.checkout.intro}
      />
      <CheckoutDemo scriptUrl={loaderData.checkoutScriptUrl} />
      <FlowSteps flow={demoFlows.checkout} />
    </>
  )
}
