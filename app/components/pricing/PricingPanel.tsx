import type { PricingTab } from '#core/pricing/pricing.ts'
import { FeeCalculator } from './FeeCalculator.tsx'
import { RateTable } from './RateTable.tsx'
import './PricingPanel.css'

/** One product's rates, the facts that go with them, and its fee calculator. */
export function PricingPanel({ tab }: { tab: PricingTab }) {
  return (
    <div className="pricing-panel">
      <div className="pricing-panel__rates">
        <h3>{tab.title}</h3>
        <p className="pricing-panel__summary">{tab.summary}</p>
        <RateTable tab={tab} />
        <ul className="pricing-panel__notes">
          {tab.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
      <FeeCalculator tab={tab} />
    </div>
  )
}
