import { logoPalette, palette } from '#core/brand/brand.ts'

/** The demo product: a laptop whose screen shows a small checkout. */
export function DemoLaptop({ label }: { label: string }) {
  return (
    <svg className="demo-laptop" viewBox="0 0 320 210" role="img" aria-label={label}>
      <defs>
        <linearGradient id="demo-laptop-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.brandStrong} />
          <stop offset="1" stopColor="#5d43ea" />
        </linearGradient>
      </defs>
      <rect x="46" y="14" width="228" height="148" rx="10" fill={palette.ink} />
      <rect x="56" y="24" width="208" height="128" rx="4" fill="url(#demo-laptop-screen)" />
      <circle cx="160" cy="19" r="2" fill={palette.inkSoft} />
      <rect x="78" y="42" width="92" height="10" rx="5" fill="#fff" opacity="0.9" />
      <rect x="78" y="60" width="60" height="7" rx="3.5" fill="#d6d0ff" />
      <rect x="78" y="84" width="164" height="16" rx="4" fill="#fff" opacity="0.16" />
      <rect x="78" y="106" width="164" height="16" rx="4" fill="#fff" opacity="0.16" />
      <rect x="176" y="128" width="66" height="14" rx="7" fill={logoPalette.mint} />
      <circle cx="228" cy="52" r="12" fill={palette.warm} />
      <path
        d="M222.5 52.5l4 4 7-8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M16 166h288l-14 22a10 10 0 01-8.5 5h-243a10 10 0 01-8.5-5z" fill="#c9ccdf" />
      <rect x="16" y="162" width="288" height="8" rx="3" fill={palette.line} />
      <rect x="136" y="164" width="48" height="4" rx="2" fill="#a3a7c2" />
    </svg>
  )
}
