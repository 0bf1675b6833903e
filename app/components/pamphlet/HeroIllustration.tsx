import { logoPalette, palette } from '#core/brand/brand.ts'

/** A phone with a paid order, a rising revenue line and settled coins. Decorative. */
export function HeroIllustration() {
  return (
    <svg
      className="pamphlet-hero__art"
      viewBox="0 0 460 400"
      width="460"
      height="400"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="240" cy="200" r="178" fill="#ffffff" opacity="0.08" />
      <circle cx="240" cy="200" r="128" fill="#ffffff" opacity="0.08" />

      {/* revenue card */}
      <rect x="24" y="64" width="220" height="150" rx="18" fill="#fff" />
      <rect x="44" y="86" width="70" height="9" rx="4.5" fill="#8d90ad" />
      <rect x="44" y="104" width="112" height="16" rx="8" fill={palette.ink} />
      <path
        d="M44 190l36-22 30 10 40-34 54-22"
        fill="none"
        stroke={palette.accent}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M188 120l16 2-6 15"
        fill="none"
        stroke={palette.accent}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />

      {/* phone */}
      <rect
        x="236"
        y="40"
        width="170"
        height="320"
        rx="28"
        fill={palette.surfaceDark}
        stroke="#6f5cf0"
        strokeWidth="3"
      />
      <rect x="248" y="58" width="146" height="284" rx="18" fill="#fff" />
      <rect x="300" y="68" width="42" height="6" rx="3" fill={palette.line} />
      <circle cx="321" cy="136" r="36" fill={palette.accentSoft} />
      <path
        d="M304 136l12 12 22-24"
        fill="none"
        stroke={palette.accent}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="276" y="190" width="90" height="12" rx="6" fill={palette.ink} />
      <rect x="290" y="210" width="62" height="9" rx="4.5" fill="#c3c5d6" />
      <rect x="266" y="238" width="110" height="34" rx="10" fill={palette.surfaceAlt} />
      <rect x="278" y="250" width="30" height="10" rx="5" fill={palette.brand} />
      <rect x="318" y="250" width="46" height="10" rx="5" fill="#c3c5d6" />
      <rect x="266" y="290" width="110" height="34" rx="17" fill={palette.brand} />
      <rect x="298" y="303" width="46" height="8" rx="4" fill="#fff" />

      {/* coins */}
      <g>
        <ellipse cx="112" cy="330" rx="50" ry="14" fill="#d96a1e" />
        <rect x="62" y="300" width="100" height="30" fill={palette.warm} />
        <ellipse cx="112" cy="300" rx="50" ry="14" fill="#ffb27a" />
        <ellipse cx="112" cy="286" rx="50" ry="14" fill="#d96a1e" />
        <rect x="62" y="262" width="100" height="24" fill={palette.warm} />
        <ellipse cx="112" cy="262" rx="50" ry="14" fill="#ffb27a" />
      </g>
      <circle cx="420" cy="90" r="16" fill={logoPalette.mint} />
      <circle cx="40" cy="240" r="10" fill={logoPalette.mint} />
    </svg>
  )
}
