import { palette } from '#core/brand/brand.ts'

/** Three colleagues around a laptop with a rising chart. Decorative. */
export function TeamIllustration() {
  return (
    <svg
      className="careers-intro__art"
      viewBox="0 0 440 360"
      width="440"
      height="360"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="220" cy="180" r="170" fill={palette.brandSoft} />
      <circle cx="380" cy="60" r="26" fill="#ffe6d5" />
      <circle cx="56" cy="290" r="18" fill={palette.accentSoft} />

      {/* left colleague */}
      <circle cx="100" cy="140" r="26" fill="#8a5a3c" />
      <path d="M74 132c4-22 48-24 52 0-14-6-34-6-52 0z" fill={palette.ink} />
      <path d="M56 250c0-46 20-74 44-74s44 28 44 74z" fill={palette.accent} />

      {/* right colleague */}
      <circle cx="340" cy="140" r="26" fill="#c68a5e" />
      <path d="M312 144c-4-34 52-40 56-4 2 20-6 34-6 34l-4-28c-14 2-30 0-46-2z" fill="#3b2417" />
      <path d="M296 250c0-46 20-74 44-74s44 28 44 74z" fill={palette.warm} />

      {/* centre colleague */}
      <circle cx="220" cy="112" r="28" fill="#a86f4a" />
      <path d="M192 106c2-28 54-30 56 0-16-8-38-8-56 0z" fill={palette.ink} />
      <path d="M172 236c0-52 22-84 48-84s48 32 48 84z" fill={palette.brand} />

      {/* table and laptop */}
      <rect x="40" y="246" width="360" height="16" rx="8" fill={palette.brandStrong} />
      <rect x="150" y="172" width="140" height="74" rx="8" fill={palette.surfaceDark} />
      <rect x="158" y="180" width="124" height="58" rx="4" fill="#fff" />
      <path
        d="M168 226l24-16 20 8 26-20 30-10"
        fill="none"
        stroke={palette.accent}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="130" y="242" width="180" height="8" rx="4" fill="#c9c2ff" />
      <rect x="86" y="262" width="12" height="70" rx="4" fill={palette.brandStrong} />
      <rect x="342" y="262" width="12" height="70" rx="4" fill={palette.brandStrong} />
    </svg>
  )
}
