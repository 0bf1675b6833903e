import { logoPalette, palette } from '#core/brand/brand.ts'

/** A dashboard with settled payments beside a phone showing a successful checkout. Decorative. */
export function IntroIllustration() {
  return (
    <svg
      className="about-intro__art"
      viewBox="0 0 480 400"
      width="480"
      height="400"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="250" cy="200" r="180" fill={palette.brandSoft} />
      <circle cx="410" cy="70" r="34" fill={palette.accentSoft} />
      <circle cx="70" cy="330" r="22" fill="#ffe6d5" />

      {/* dashboard */}
      <rect
        x="30"
        y="70"
        width="300"
        height="210"
        rx="18"
        fill="#fff"
        stroke={palette.line}
        strokeWidth="2"
      />
      <circle cx="54" cy="94" r="5" fill={palette.warm} />
      <circle cx="70" cy="94" r="5" fill={logoPalette.mint} />
      <circle cx="86" cy="94" r="5" fill="#c9c2ff" />
      <rect x="52" y="118" width="92" height="10" rx="5" fill={palette.ink} />
      <rect x="52" y="136" width="140" height="8" rx="4" fill="#d9dbe8" />
      <rect x="220" y="114" width="88" height="30" rx="15" fill={palette.accentSoft} />
      <path
        d="M236 129l6 6 10-12"
        fill="none"
        stroke={palette.accent}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="258" y="125" width="38" height="8" rx="4" fill={palette.accent} />
      <g fill={palette.brand}>
        <rect x="60" y="214" width="22" height="46" rx="5" opacity="0.35" />
        <rect x="96" y="196" width="22" height="64" rx="5" opacity="0.5" />
        <rect x="132" y="204" width="22" height="56" rx="5" opacity="0.65" />
        <rect x="168" y="180" width="22" height="80" rx="5" opacity="0.8" />
        <rect x="204" y="164" width="22" height="96" rx="5" />
      </g>
      <path
        d="M60 196l44-22 36 10 38-26 40-16"
        fill="none"
        stroke={palette.warm}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />

      {/* phone */}
      <rect x="290" y="140" width="140" height="240" rx="24" fill={palette.surfaceDark} />
      <rect x="300" y="156" width="120" height="208" rx="14" fill="#fff" />
      <rect x="340" y="164" width="40" height="6" rx="3" fill={palette.line} />
      <circle cx="360" cy="218" r="28" fill={palette.accentSoft} />
      <path
        d="M347 218l9 9 17-18"
        fill="none"
        stroke={palette.accent}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="322" y="262" width="76" height="10" rx="5" fill={palette.ink} />
      <rect x="332" y="280" width="56" height="8" rx="4" fill="#d9dbe8" />
      <rect x="316" y="320" width="88" height="28" rx="14" fill={palette.brand} />
      <rect x="342" y="331" width="36" height="6" rx="3" fill="#fff" />

      {/* coins */}
      <circle cx="96" cy="322" r="30" fill={palette.warm} />
      <circle cx="96" cy="322" r="22" fill="none" stroke="#fff" strokeWidth="2" opacity="0.7" />
      <path
        d="M86 310h20M86 318h20M90 310c10 0 10 16 0 16l14 10"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="440" cy="330" r="14" fill={logoPalette.mint} />
    </svg>
  )
}
