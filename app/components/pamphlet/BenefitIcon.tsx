import type { ReactNode } from 'react'
import type { BenefitIconName } from '#app/content/pamphlet.ts'

const shapes: Record<BenefitIconName, ReactNode> = {
  efficiency: <path d="M13 2L4 14h7l-1 8 9-12h-7z" />,
  growth: (
    <>
      <path d="M3 20h18" />
      <path d="M4 16l5-5 4 3 7-8" />
      <path d="M15 6h5v5" />
    </>
  ),
  revenue: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 8h6M9 11h6M10.5 8c3 0 3 6 0 6l4 3" />
    </>
  ),
}

/** A decorative icon for a benefit card; the card's heading names it. */
export function BenefitIcon({ name }: { name: BenefitIconName }) {
  return (
    <svg
      className="benefit-card__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[name]}
    </svg>
  )
}
