import { logoPalette, palette } from '#core/brand/brand.ts'

/** A signed request leaving a code editor and a verified response coming back. */
export function IntegrationIllustration({ label }: { label: string }) {
  return (
    <svg
      className="integrate__illustration"
      viewBox="0 0 520 400"
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="24" y="40" width="300" height="230" rx="16" fill={palette.surfaceDark} />
      <rect x="24" y="40" width="300" height="34" rx="16" fill={palette.brandStrong} />
      <rect x="24" y="58" width="300" height="16" fill={palette.brandStrong} />
      <circle cx="48" cy="57" r="6" fill={palette.warm} />
      <circle cx="68" cy="57" r="6" fill={logoPalette.mint} />
      <circle cx="88" cy="57" r="6" fill="#d6d0ff" />
      <g strokeLinecap="round" strokeWidth="9">
        <path d="M52 102h70" stroke="#b9b0ff" />
        <path d="M134 102h90" stroke={logoPalette.mint} />
        <path d="M72 130h112" stroke={palette.onDark} />
        <path d="M196 130h54" stroke={palette.warm} />
        <path d="M72 158h64" stroke={palette.onDark} />
        <path d="M148 158h120" stroke="#b9b0ff" />
        <path d="M72 186h150" stroke={logoPalette.mint} />
        <path d="M72 214h90" stroke={palette.onDark} />
        <path d="M52 242h40" stroke="#b9b0ff" />
      </g>
      <path
        d="M330 150c60 0 80 -40 120 -40"
        fill="none"
        stroke={palette.brand}
        strokeWidth="4"
        strokeDasharray="8 8"
      />
      <path d="M446 98l16 12-18 10z" fill={palette.brand} />
      <rect x="392" y="30" width="110" height="120" rx="18" fill={palette.brandSoft} />
      <path d="M447 52l32 12v22c0 22-14 36-32 44-18-8-32-22-32-44V64z" fill={palette.brand} />
      <path
        d="M434 88l10 10 18-20"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect
        x="200"
        y="262"
        width="296"
        height="112"
        rx="16"
        fill="#fff"
        stroke={palette.line}
        strokeWidth="2"
      />
      <circle cx="244" cy="318" r="24" fill={palette.accentSoft} />
      <path
        d="M232 318l8 8 16-16"
        fill="none"
        stroke={palette.accent}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g strokeLinecap="round" strokeWidth="9">
        <path d="M284 300h120" stroke={palette.ink} />
        <path d="M284 324h170" stroke={palette.line} />
        <path d="M284 346h90" stroke={palette.line} />
      </g>
      <path
        d="M446 160c20 40 10 70-20 96"
        fill="none"
        stroke={palette.accent}
        strokeWidth="4"
        strokeDasharray="8 8"
      />
      <path d="M420 250l-6 16 17-3z" fill={palette.accent} />
    </svg>
  )
}
