import type { ReactNode } from 'react'

/**
 * Every decorative line icon of the site, drawn on one 24×24 grid with one stroke, so a capability
 * looks the same wherever it appears. The text beside an icon always carries its meaning.
 */
const shapes = {
  // Capabilities (services, about)
  acceptance: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  payouts: <path d="M22 2L11 13M22 2l-7 20-4-9-9-4z" />,
  settlement: (
    <>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" />
    </>
  ),
  reconciliation: (
    <>
      <path d="M20.5 8A9 9 0 1 0 21 12" />
      <path d="M21 3v5h-5M8 12l3 3 5-6" />
    </>
  ),
  refund: (
    <>
      <path d="M3 12a9 9 0 1 0 2.6-6.4L3 8" />
      <path d="M3 3v5h5M10 9h5M10 12h5M12 9c2 0 2 3 0 3l3 4" />
    </>
  ),
  currency: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z" />
    </>
  ),
  language: (
    <>
      <path d="M4 5h10M9 3v2M6 5c1 4 4 7 7 8M12 5c-1 4-4 7-8 8" />
      <path d="M13 21l4-9 4 9M14.5 18h5" />
    </>
  ),
  routing: (
    <>
      <path d="M12 22v-7l-6-6M12 15l6-6" />
      <path d="M3 3h5v5M21 3h-5v5M3 3l3 3M21 3l-3 3" />
    </>
  ),
  aggregation: <path d="M12 2L2 7l10 5 10-5-10-5zM2 12l10 5 10-5M2 17l10 5 10-5" />,
  wallet: (
    <>
      <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3" />
      <path d="M3 7h16a2 2 0 0 1 2 2v3" />
      <rect x="15" y="12" width="7" height="4" rx="1" />
    </>
  ),
  link: (
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  ),
  recurring: (
    <path d="M17 2l4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3" />
  ),
  setup: (
    <>
      <rect x="5" y="4" width="14" height="18" rx="2" />
      <rect x="9" y="2" width="6" height="4" rx="1" />
      <path d="M9 14l2 2 4-4" />
    </>
  ),
  secure: <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4" />,
  support: (
    <path d="M3 18v-6a9 9 0 0 1 18 0v6M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" />
  ),
  // Ideas and statements (about)
  vision: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  mission: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.2" />
    </>
  ),
  // Home features
  onboarding: (
    <>
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M19 8v6M22 11h-6" />
    </>
  ),
  experience: (
    <>
      <rect x="5" y="2" width="14" height="20" rx="2.5" />
      <path d="M11 18h2M9 8.5l2 2 4-4" />
    </>
  ),
  integration: <path d="M16 18l6-6-6-6M8 6l-6 6 6 6M14 4l-4 16" />,
  // Pamphlet benefits
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
} satisfies Record<string, ReactNode>

export type LineIconName = keyof typeof shapes

interface LineIconProps {
  name: LineIconName
  size?: number
  className?: string
}

export function LineIcon({ name, size = 28, className }: LineIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[name]}
    </svg>
  )
}
