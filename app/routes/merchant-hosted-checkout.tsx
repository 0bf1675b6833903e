import { readCheckoutChoice } from '#app/components/demo/checkout-choice.ts'
import { FlowSteps } from '#app/components/demo/FlowSteps.tsx'
import { GatewayContinuation } from '#app/components/demo/GatewayContinuation.tsx'
import { MerchantCheckout } from '#app/components/demo/MerchantCheckout.tsx'
import {
  demoMerchantOf,
  paymentActionAnswer,
  visitorOf,
} from '#app/components/demo/payment-action.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import type { Route } from './+types/merchant-hosted-checkout'

export const meta = () => pageMeta('/merchant-hosted-checkout')

/** The tab and tile in the address: a tab's link or a tile pressed before scripts ran. */
export function loader({ request }: Route.LoaderArgs) {
  return { choice: readCheckoutChoice(new URL(request.url).searchParams) }
}

/** Pay posted before scripts ran: checked and made into an order as the JSON endpoint does. */
export async function action({ request, context }: Route.ActionArgs) {
  const choice = readCheckoutChoice(await request.formData())
  const started = await demoMerchantOf(context).merchantHostedForm(
    choice,
    visitorOf(request, context),
  )
  return paymentActionAnswer(started, { choice })
}

export const headers = routeHeaders

export default function MerchantHostedCheckoutPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.merchantHosted.title}
        intro={demoFlows.merchantHosted.intro}
      />
      {actionData?.form ? (
        <GatewayContinuation form={actionData.form} />
      ) : (
        <>
          <MerchantCheckout
            initial={actionData?.choice ?? loaderData.choice}
            refusal={actionData?.refusal}
          />
          <FlowSteps flow={demoFlows.merchantHosted} />
        </>
      )}
    </>
  )
}
