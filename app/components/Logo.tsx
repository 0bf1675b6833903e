import { brand, logoPalette, palette } from '#core/brand/brand.ts'

interface LogoProps {
  /** The rebranded mark (default) or the one it replaced, for the launch popup. */
  variant?: 'current' | 'previous'
  /** Light text for dark backgrounds. */
  tone?: 'dark' | 'light'
  className?: string
}

export function Logo({ variant = 'current', tone = 'dark', className }: LogoProps) {
  const text = tone === 'light' ? '#ffffff' : palette.ink
  if (variant === 'previous') {
    return (
      <svg
        className={className}
        viewBox="0 0 168 40"
        width="168"
        height="40"
        role="img"
        aria-label={`${brand.previousName} (previous logo)`}
      >
        <circle cx="20" cy="20" r="17" fill="#f59e0b" />
        <path d="M13 21l6-9v7h7l-6 9v-7z" fill="#fff" />
        <text
          x="44"
          y="27"
          fontFamily="Arial, sans-serif"
          fontSize="21"
          fontWeight="700"
          fill={text}
        >
          {brand.previousName}
        </text>
      </svg>
    )
  }
  return (
    <svg
      className={className}
      viewBox="0 0 152 40"
      width="152"
      height="40"
      role="img"
      aria-label={brand.name}
    >
      <defs>
        <linearGradient id="logo-grad" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={logoPalette.brandBright} />
          <stop offset="1" stopColor={palette.brandStrong} />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="36" height="36" rx="10" fill="url(#logo-grad)" />
      <path
        d="M13 29V11h8.5a6 6 0 010 12H17"
        fill="none"
        stroke="#fff"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="27.5" cy="28.5" r="3" fill={logoPalette.mint} />
      <text x="46" y="28" fontFamily="Arial, sans-serif" fontSize="22" fontWeight="700" fill={text}>
        {brand.name}
      </text>
    </svg>
  )
}
