import { palette } from '#core/brand/brand.ts'

/** A shop handing rupees to a bank along a next-day arrow: how the company began. Decorative. */
export function StoryIllustration() {
  return (
    <svg
      className="about-story__art"
      viewBox="0 0 420 220"
      width="420"
      height="220"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="0" width="420" height="220" rx="20" fill={palette.brandSoft} />
      {/* shop */}
      <rect x="34" y="92" width="110" height="92" rx="6" fill="#fff" />
      <path d="M28 92l14-34h94l14 34z" fill={palette.warm} />
      <path d="M56 58l-6 34M84 58v34M112 58l6 34" stroke="#fff" strokeWidth="3" />
      <rect x="54" y="124" width="30" height="60" rx="4" fill={palette.brand} />
      <rect x="96" y="118" width="34" height="28" rx="4" fill="#c9c2ff" />
      {/* arrow with next-day marker */}
      <path
        d="M160 140c40-46 86-46 122 0"
        fill="none"
        stroke={palette.brand}
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <path
        d="M270 124l13 17-21 3"
        fill="none"
        stroke={palette.brand}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="188" y="70" width="66" height="32" rx="16" fill={palette.accent} />
      <text
        x="221"
        y="92"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="18"
        fontWeight="800"
        fill="#fff"
      >
        T+1
      </text>
      {/* bank */}
      <path d="M296 92l52-28 52 28z" fill={palette.brandStrong} />
      <rect x="296" y="92" width="104" height="10" fill={palette.brandStrong} />
      <g fill="#fff" stroke={palette.brandStrong} strokeWidth="2">
        <rect x="306" y="106" width="14" height="62" />
        <rect x="331" y="106" width="14" height="62" />
        <rect x="356" y="106" width="14" height="62" />
        <rect x="381" y="106" width="14" height="62" />
      </g>
      <rect x="292" y="168" width="112" height="16" rx="3" fill={palette.brandStrong} />
    </svg>
  )
}
