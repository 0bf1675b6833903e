import { CheckoutDemo } from '#app/components/demo/CheckoutDemo.tsx'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { demoMerchantOf } from '#app/components/demo/payment-action.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'
import type { Route } from './+types/checkout-demo'

export const meta = () => pageMeta('/checkout-demo')

/**
 * The page only learns where the gateway's checkout.js is and which currencies it may ask for;
 * the secret stays on the server.
 */
export function loader({ context }: Route.LoaderArgs) {
  const demo = demoMerchantOf(context)
  return { checkoutScriptUrl: demo.checkoutScriptUrl, currencies: demo.currencyChoices }
}

export default function CheckoutDemoPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.checkout.title}
        intro={demoFlows.checkout.intro}
      />
      <CheckoutDemo scriptUrl={loaderData.checkoutScriptUrl} currencies={loaderData.currencies} />
      <FlowSteps flow={demoFlows.checkout} />
    </>
  )
}
