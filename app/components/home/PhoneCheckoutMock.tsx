import { logoPalette, palette } from '#core/brand/brand.ts'
import type { ReactNode } from 'react'
import type { ShowcaseScreenId } from '#app/content/home.ts'

const brandInk = palette.ink
const muted = '#6b6f8a'
const green = palette.success

function Check({ x, y, size = 1 }: { x: number; y: number; size?: number }) {
  return (
    <path
      d={`M${x - 5 * size} ${y}l${3.5 * size} ${3.5 * size} ${7 * size} -${7 * size}`}
      fill="none"
      stroke={green}
      strokeWidth={2.4 * size}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  )
}

function PayButton({ label = 'Pay ₹1,499.00' }: { label?: string }) {
  return (
    <g>
      <rect x="38" y="498" width="224" height="44" rx="22" fill={palette.brand} />
      <text x="150" y="525" fontSize="14" fontWeight="700" fill="#fff" textAnchor="middle">
        {label}
      </text>
    </g>
  )
}

function Row({
  y,
  title,
  detail,
  colour,
}: {
  y: number
  title: string
  detail: string
  colour: string
}) {
  return (
    <g>
      <rect x="38" y={y} width="224" height="38" rx="10" fill={palette.surfaceAlt} />
      <rect x="50" y={y + 10} width="18" height="18" rx="5" fill={colour} />
      <text x="78" y={y + 24} fontSize="12" fontWeight="600" fill={brandInk}>
        {title}
      </text>
      <text x="250" y={y + 24} fontSize="10" fill={muted} textAnchor="end">
        {detail}
      </text>
    </g>
  )
}

function Tile({
  x,
  y,
  label,
  detail,
  colour,
}: {
  x: number
  y: number
  label: string
  detail?: string
  colour: string
}) {
  return (
    <g>
      <rect
        x={x}
        y={y}
        width="108"
        height="70"
        rx="12"
        fill={palette.surfaceAlt}
        stroke={palette.line}
      />
      <circle cx={x + 22} cy={y + 24} r="10" fill={colour} />
      <text x={x + 12} y={y + 52} fontSize="11" fontWeight="600" fill={brandInk}>
        {label}
      </text>
      {detail ? (
        <text x={x + 12} y={y + 64} fontSize="8.5" fill={muted}>
          {detail}
        </text>
      ) : null}
    </g>
  )
}

const screens: Record<ShowcaseScreenId, ReactNode> = {
  trust: (
    <>
      <rect x="38" y="172" width="224" height="60" rx="12" fill={palette.accentSoft} />
      <circle cx="62" cy="202" r="12" fill="#fff" />
      <Check x={62} y={202} />
      <text x="84" y="198" fontSize="12" fontWeight="700" fill={brandInk}>
        Verified merchant
      </text>
      <text x="84" y="214" fontSize="10" fill="#35574c">
        Chai &amp; Co. · GSTIN checked
      </text>
      <Row y={250} title="UPI" detail="Any UPI app" colour={palette.brand} />
      <Row y={296} title="Cards" detail="Debit · Credit" colour={logoPalette.mint} />
      <Row y={342} title="Net Banking" detail="80+ banks" colour={palette.warm} />
      <Row y={388} title="Wallets" detail="Paytm and more" colour="#c9c0ff" />
      <path d="M131 452v-4a5 5 0 0 1 10 0v4" fill="none" stroke={muted} strokeWidth="1.6" />
      <rect x="128" y="452" width="16" height="12" rx="2" fill={muted} />
      <text x="150" y="462" fontSize="10" fill={muted}>
        Secured by Paystra
      </text>
      <PayButton />
    </>
  ),
  instant: (
    <>
      <circle cx="150" cy="262" r="52" fill={palette.accentSoft} />
      <circle cx="150" cy="262" r="36" fill="#fff" />
      <Check x={150} y={262} size={2.4} />
      <text x="150" y="350" fontSize="17" fontWeight="700" fill={brandInk} textAnchor="middle">
        Payment received
      </text>
      <text x="150" y="370" fontSize="11" fill={muted} textAnchor="middle">
        ₹1,499.00 via UPI in 3 seconds
      </text>
      <rect x="38" y="392" width="224" height="78" rx="12" fill={palette.surfaceAlt} />
      <text x="52" y="416" fontSize="10" fill={muted}>
        UPI reference
      </text>
      <text x="248" y="416" fontSize="10" fill={brandInk} textAnchor="end">
        4187 2290 6631
      </text>
      <text x="52" y="438" fontSize="10" fill={muted}>
        Status
      </text>
      <text x="248" y="438" fontSize="10" fontWeight="700" fill={green} textAnchor="end">
        Captured
      </text>
      <text x="52" y="460" fontSize="10" fill={muted}>
        Callback to your server
      </text>
      <text x="248" y="460" fontSize="10" fill={green} textAnchor="end">
        Sent
      </text>
      <PayButton label="Done" />
    </>
  ),
  quickpay: (
    <>
      <text x="38" y="190" fontSize="13" fontWeight="700" fill={brandInk}>
        Welcome back, Priya
      </text>
      <rect x="38" y="204" width="224" height="132" rx="14" fill={palette.brandStrong} />
      <circle cx="222" cy="250" r="36" fill={logoPalette.brandBright} opacity="0.55" />
      <rect x="56" y="226" width="30" height="22" rx="4" fill="#ffd27a" />
      <text x="56" y="284" fontSize="14" fill="#fff" fontFamily="ui-monospace, monospace">
        •••• •••• •••• 4242
      </text>
      <text x="56" y="316" fontSize="10" fill="#d6d0ff">
        PRIYA SHARMA
      </text>
      <text x="244" y="316" fontSize="10" fontWeight="700" fill="#fff" textAnchor="end">
        Saved token
      </text>
      <rect
        x="38"
        y="352"
        width="224"
        height="38"
        rx="10"
        fill={palette.surfaceAlt}
        stroke={palette.brand}
      />
      <circle cx="56" cy="371" r="6" fill={palette.brand} />
      <text x="72" y="375" fontSize="11" fontWeight="600" fill={brandInk}>
        Use saved card ending 4242
      </text>
      <rect x="38" y="400" width="224" height="38" rx="10" fill={palette.surfaceAlt} />
      <circle cx="56" cy="419" r="6" fill="none" stroke={muted} strokeWidth="1.6" />
      <text x="72" y="423" fontSize="11" fill={muted}>
        Add another card
      </text>
      <PayButton />
    </>
  ),
  market: (
    <>
      <text x="38" y="190" fontSize="13" fontWeight="700" fill={brandInk}>
        Choose a payment method
      </text>
      <Tile x={38} y={206} label="UPI" detail="Intent, QR, collect" colour={palette.brand} />
      <Tile
        x={154}
        y={206}
        label="Cards"
        detail="Visa, Mastercard, RuPay"
        colour={logoPalette.mint}
      />
      <Tile x={38} y={288} label="Net Banking" detail="80+ banks" colour={palette.warm} />
      <Tile x={154} y={288} label="Wallets" detail="Popular wallets" colour="#c9c0ff" />
      <rect x="60" y="384" width="180" height="28" rx="14" fill={palette.accentSoft} />
      <text x="150" y="402" fontSize="10.5" fontWeight="600" fill={green} textAnchor="middle">
        All methods live from day one
      </text>
      <text x="150" y="444" fontSize="10" fill={muted} textAnchor="middle">
        Checkout in more than 10 languages
      </text>
      <PayButton />
    </>
  ),
  fraud: (
    <>
      <path
        d="M150 176l46 16v36c0 34-24 56-46 66-22-10-46-32-46-66v-36z"
        fill={palette.brandSoft}
        stroke={palette.brand}
        strokeWidth="3"
      />
      <Check x={150} y={236} size={2.2} />
      <text x="150" y="322" fontSize="15" fontWeight="700" fill={brandInk} textAnchor="middle">
        Risk check passed
      </text>
      {[
        ['Device', 'Known device'],
        ['Velocity', 'Normal'],
        ['Location', 'Pune, IN'],
      ].map(([name, value], index) => (
        <g key={name}>
          <Check x={50} y={350 + index * 24} size={0.8} />
          <text x="62" y={354 + index * 24} fontSize="11" fill={brandInk}>
            {name}
          </text>
          <text x="262" y={354 + index * 24} fontSize="11" fill={muted} textAnchor="end">
            {value}
          </text>
        </g>
      ))}
      {[0, 1, 2, 3, 4, 5].map((box) => (
        <rect
          key={box}
          x={48 + box * 36}
          y="430"
          width="28"
          height="34"
          rx="6"
          fill="#fff"
          stroke={box < 4 ? palette.brand : '#c9cbe0'}
          strokeWidth="1.5"
        />
      ))}
      {[0, 1, 2, 3].map((dot) => (
        <circle key={dot} cx={62 + dot * 36} cy="447" r="4" fill={brandInk} />
      ))}
      <PayButton label="Verify OTP" />
    </>
  ),
  industry: (
    <>
      <text x="38" y="190" fontSize="13" fontWeight="700" fill={brandInk}>
        Set up for your industry
      </text>
      <Tile x={38} y={204} label="Education" colour={palette.brand} />
      <Tile x={154} y={204} label="Healthcare" colour={logoPalette.mint} />
      <Tile x={38} y={284} label="Retail" colour={palette.warm} />
      <Tile x={154} y={284} label="Travel" colour="#c9c0ff" />
      <Tile x={38} y={364} label="SaaS" colour={palette.brandStrong} />
      <Tile x={154} y={364} label="Utilities" colour={palette.accent} />
      <text x="150" y="466" fontSize="10" fill={muted} textAnchor="middle">
        Your settlement and refund rules, preset
      </text>
      <PayButton label="Continue" />
    </>
  ),
}

/**
 * A phone showing the checkout, with one screen per step of the showcase in `screens` order;
 * the first shows, and CheckoutShowcase.css shows the others as the visitor scrolls.
 */
export function PhoneCheckoutMock({ screens: order }: { screens: readonly ShowcaseScreenId[] }) {
  return (
    <svg
      className="phone-mock"
      viewBox="0 0 300 600"
      width="280"
      height="560"
      aria-hidden="true"
      focusable="false"
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
    >
      <defs>
        <linearGradient id="phone-mock-header" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.brand} />
          <stop offset="1" stopColor={palette.brandStrong} />
        </linearGradient>
        <clipPath id="phone-mock-screen">
          <rect x="22" y="22" width="256" height="556" rx="30" />
        </clipPath>
      </defs>
      <rect x="10" y="10" width="280" height="580" rx="42" fill={brandInk} />
      <g clipPath="url(#phone-mock-screen)">
        <rect x="22" y="22" width="256" height="556" fill="#fff" />
        <rect x="22" y="22" width="256" height="134" fill="url(#phone-mock-header)" />
        <circle cx="56" cy="88" r="16" fill="#fff" fillOpacity="0.18" />
        <text x="56" y="93" fontSize="14" fontWeight="700" fill="#fff" textAnchor="middle">
          C
        </text>
        <text x="82" y="85" fontSize="13" fontWeight="700" fill="#fff">
          Chai &amp; Co.
        </text>
        <text x="82" y="101" fontSize="10" fill="#d6d0ff">
          Order ORD-24817
        </text>
        <text x="38" y="138" fontSize="22" fontWeight="800" fill="#fff">
          ₹1,499.00
        </text>
        <g className="phone-mock__screens">
          {order.map((id) => (
            <g key={id} className="phone-mock__screen">
              {screens[id]}
            </g>
          ))}
        </g>
      </g>
      <rect x="118" y="30" width="64" height="18" rx="9" fill={brandInk} />
    </svg>
  )
}
