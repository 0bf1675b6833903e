import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef, useState } from 'react'
import type { PaymentType } from '#app/content/demo.ts'
import { useHydrated } from './useHydrated.ts'
import './PaymentMethodTabs.css'

export interface PaymentMethodTab {
  type: PaymentType
  label: string
  panel: ReactNode
}

interface PaymentMethodTabsProps {
  tabs: readonly PaymentMethodTab[]
  label: string
  /** Controlled selection; without it the tabs keep their own, starting with the first. */
  selected?: PaymentType
  onSelect?: (type: PaymentType) => void
  /** Each tab's own address, where the page opens on it: what a tab does before scripts run. */
  hrefOf: (type: PaymentType) => string
}

/**
 * Net Banking / Wallet / UPI as a WAI-ARIA tablist: one tab in the Tab order (roving
 * tabindex), arrow keys, Home and End move and select, panels stay in the page but hidden.
 * Before the page's scripts run each tab is a plain link to the page open on it, every tab in
 * the Tab order.
 */
export function PaymentMethodTabs({
  tabs,
  label,
  selected,
  onSelect,
  hrefOf,
}: PaymentMethodTabsProps) {
  const [ownSelection, setOwnSelection] = useState<PaymentType | undefined>(tabs[0]?.type)
  const current = selected ?? ownSelection
  const tabRefs = useRef(new Map<PaymentType, HTMLAnchorElement>())
  const hydrated = useHydrated()

  function select(type: PaymentType) {
    setOwnSelection(type)
    onSelect?.(type)
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, type: PaymentType) {
    event.preventDefault()
    select(type)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.type === current)
    const last = tabs.length - 1
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    const tab = target === undefined ? undefined : tabs[target]
    if (!tab) return
    event.preventDefault()
    select(tab.type)
    tabRefs.current.get(tab.type)?.focus()
  }

  return (
    <div className="method-tabs">
      <div role="tablist" aria-label={label} className="method-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.type === current
          return (
            <a
              key={tab.type}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.type, element)
                else tabRefs.current.delete(tab.type)
              }}
              href={hrefOf(tab.type)}
              role="tab"
              id={`method-tab-${tab.type}`}
              aria-selected={isSelected}
              aria-controls={`method-panel-${tab.type}`}
              tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
              className="method-tabs__tab"
              onClick={(event) => onClick(event, tab.type)}
            >
              <MethodIcon type={tab.type} />
              {tab.label}
            </a>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.type}
          role="tabpanel"
          id={`method-panel-${tab.type}`}
          aria-labelledby={`method-tab-${tab.type}`}
          tabIndex={0}
          hidden={tab.type !== current}
          className="method-tabs__panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}

const iconPaths: Record<PaymentType, string> = {
  NB: 'M12 3l9 4.5V9H3V7.5zM5 10.5h2.5v6H5zm5.75 0h2.5v6h-2.5zm5.75 0H19v6h-2.5zM3 18h18v2.5H3z',
  WL: 'M4 6.5A2.5 2.5 0 016.5 4H18v3h1.5A1.5 1.5 0 0121 8.5v9a2.5 2.5 0 01-2.5 2.5h-12A2.5 2.5 0 014 17.5zm2.5-.5a.5.5 0 000 1H16V6zM15 12a1.5 1.5 0 100 3h4v-3z',
  UP: 'M9.5 3l5 9-5 9H6l5-9-5-9zm5.5 4.5L17.5 12 15 16.5h3.2L20.7 12l-2.5-4.5z',
}

function MethodIcon({ type }: { type: PaymentType }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={iconPaths[type]} fill="currentColor" fillRule="evenodd" />
    </svg>
  )
}
