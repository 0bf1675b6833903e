import type { PricingTab } from '#core/pricing/pricing.ts'
import { PricingPanel } from './PricingPanel.tsx'
import './PricingTabs.css'

interface PricingTabsProps {
  tabs: readonly PricingTab[]
  label: string
}

/**
 * The Standard Plan products. In the HTML, a list of links to their panels: the first panel
 * shows, or the one a link targets (CSS, no script). app/enhance/pricing.ts then makes them
 * WAI-ARIA tabs: one tab stop for the list (roving tabindex), arrows, Home and End move and
 * select. Every panel is in the prerendered page.
 */
export function PricingTabs({ tabs, label }: PricingTabsProps) {
  return (
    <div className="pricing-tabs">
      <nav className="pricing-tabs__list" aria-label={label}>
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            href={`#pricing-panel-${tab.id}`}
            id={`pricing-tab-${tab.id}`}
            className="pricing-tabs__tab"
            data-default={index === 0 || undefined}
          >
            {tab.label}
          </a>
        ))}
      </nav>
      {tabs.map((tab, index) => (
        <section
          key={tab.id}
          id={`pricing-panel-${tab.id}`}
          aria-labelledby={`pricing-tab-${tab.id}`}
          className="pricing-tabs__panel"
          data-default={index === 0 || undefined}
        >
          <PricingPanel tab={tab} />
        </section>
      ))}
    </div>
  )
}
