import { type KeyboardEvent, useRef, useState } from 'react'
import type { PricingTab } from '#app/content/pricing.ts'
import { PricingPanel } from './PricingPanel'
import './PricingTabs.css'

interface PricingTabsProps {
  tabs: readonly PricingTab[]
  label: string
}

/**
 * The Standard Plan products as WAI-ARIA tabs: one tab stop for the whole list (roving tabindex),
 * arrows, Home and End move and activate. Every panel is rendered on the server, so the rates
 * are in the prerendered page; the unselected ones are hidden.
 */
export function PricingTabs({ tabs, label }: PricingTabsProps) {
  const [selected, setSelected] = useState(0)
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  function select(index: number) {
    setSelected(index)
    tabRefs.current[index]?.focus()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1
    const next: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    }
    const target = next[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  return (
    <div className="pricing-tabs">
      <div
        className="pricing-tabs__list"
        role="tablist"
        aria-label={label}
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`pricing-tab-${tab.id}`}
            className="pricing-tabs__tab"
            aria-selected={index === selected}
            aria-controls={`pricing-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`pricing-panel-${tab.id}`}
          aria-labelledby={`pricing-tab-${tab.id}`}
          className="pricing-tabs__panel"
          tabIndex={0}
          hidden={index !== selected}
        >
          <PricingPanel tab={tab} />
        </div>
      ))}
    </div>
  )
}
