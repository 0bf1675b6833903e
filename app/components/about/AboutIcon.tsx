import type { ReactNode } from 'react'
import type { AboutIconName } from '#app/content/about.ts'

const paths: Record<AboutIconName, ReactNode> = {
  accept: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  payouts: (
    <>
      <path d="M4 20h16M5 17V10M10 17V10M14 17V10M19 17V10M3 8l9-5 9 5z" />
    </>
  ),
  reconcile: (
    <>
      <path d="M4 7h11l-3-3M20 17H9l3 3" />
      <path d="M17 7h3M4 17h2" />
    </>
  ),
  settle: (
    <>
      <rect x="3" y="4" width="18" height="17" rx="2.5" />
      <path d="M3 9h18M8 2v4M16 2v4M8.5 15l2.5 2.5 5-5" />
    </>
  ),
  refund: (
    <>
      <path d="M9 14l-5-5 5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </>
  ),
  currency: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
    </>
  ),
  language: (
    <>
      <path d="M4 5h9M8.5 3v2M6 5c.6 3.4 2.7 6 6 7.5M11 5c-.6 3.6-2.9 6.6-7 8.5" />
      <path d="M12.5 21l4-10 4 10M14 17.5h5" />
    </>
  ),
  routing: (
    <>
      <circle cx="5" cy="12" r="2" />
      <circle cx="19" cy="5" r="2" />
      <circle cx="19" cy="19" r="2" />
      <path d="M7 12h4c2 0 2.5-7 6-7M11 12c2 0 2.5 7 6 7" />
    </>
  ),
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
}

/** A small decorative line icon; the text beside it carries the meaning. */
export function AboutIcon({ name }: { name: AboutIconName }) {
  return (
    <svg
      className="about-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  )
}
