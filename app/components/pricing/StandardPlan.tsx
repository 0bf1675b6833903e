import { pricingIntro, pricingTabs, standardPlan } from '#core/pricing/pricing.ts'
import { PricingTabs } from './PricingTabs.tsx'

export function StandardPlan() {
  return (
    <section className="section" aria-labelledby="standard-plan-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{standardPlan.eyebrow}</span>
          <h2 id="standard-plan-title">{standardPlan.title}</h2>
          <p className="lead">{standardPlan.lead}</p>
        </div>
        <PricingTabs tabs={pricingTabs} label={standardPlan.tabListLabel} />
        <p className="pricing-gst-note">{pricingIntro.gstNote}</p>
      </div>
    </section>
  )
}
