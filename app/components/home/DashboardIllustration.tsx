import { logoPalette, palette } from '#core/brand/brand.ts'

const weekBars = [
  { day: 'M', height: 46 },
  { day: 'T', height: 62 },
  { day: 'W', height: 54 },
  { day: 'T', height: 78 },
  { day: 'F', height: 70 },
  { day: 'S', height: 92 },
  { day: 'S', height: 60 },
]

const donutCircumference = 2 * Math.PI * 28
const methodShares = [
  { name: 'UPI', share: 62, colour: palette.brand },
  { name: 'Cards', share: 21, colour: logoPalette.mint },
  { name: 'NB', share: 11, colour: palette.warm },
  { name: 'Wallet', share: 6, colour: '#c9c0ff' },
]
// Each donut segment starts where the ones before it end.
const methods = methodShares.map((method, index) => {
  const before = methodShares.slice(0, index).reduce((sum, { share }) => sum + share, 0)
  return {
    ...method,
    length: (method.share / 100) * donutCircumference,
    offset: (before / 100) * donutCircumference,
  }
})

const payments = [
  { order: 'ORD-24817', method: 'UPI', amount: '₹1,499.00', status: 'Captured' },
  { order: 'ORD-24816', method: 'Card •• 4242', amount: '₹12,750.00', status: 'Captured' },
  { order: 'ORD-24815', method: 'Net Banking', amount: '₹3,200.00', status: 'Pending' },
]

const kpis = [
  { label: 'Collections today', value: '₹4,82,310', note: '+12.4%' },
  { label: 'Success rate', value: '87%', note: '+2.1%' },
  { label: 'Next settlement (T+1)', value: '₹3,96,540', note: 'Tomorrow' },
]

const navItems = ['Overview', 'Payments', 'Settlements', 'Refunds', 'Payouts', 'Reports']

/** The hero's drawing of a merchant dashboard: collections, a weekly chart and recent payments. */
export function DashboardIllustration({ label }: { label: string }) {
  const clipId = 'dashboard-illustration-clip'
  return (
    <svg
      className="dashboard-illustration"
      viewBox="0 0 640 460"
      width="640"
      height="460"
      role="img"
      aria-label={label}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
    >
      <defs>
        <clipPath id={clipId}>
          <rect width="640" height="460" rx="18" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="640" height="460" fill="#ffffff" />
        <rect width="640" height="40" fill="#f1f0f9" />
        <circle cx="22" cy="20" r="5" fill="#ff5f57" />
        <circle cx="40" cy="20" r="5" fill="#febc2e" />
        <circle cx="58" cy="20" r="5" fill="#28c840" />
        <rect x="190" y="11" width="260" height="18" rx="9" fill="#ffffff" stroke={palette.line} />
        <text x="320" y="24" fontSize="10" fill="#6b6f8a" textAnchor="middle">
          dashboard.paystra.example
        </text>

        <rect y="40" width="132" height="420" fill={palette.brandStrong} />
        <rect x="18" y="58" width="22" height="22" rx="6" fill={logoPalette.brandBright} />
        <circle cx="33.5" cy="74" r="2.6" fill={logoPalette.mint} />
        <text x="48" y="74" fontSize="14" fontWeight="700" fill="#ffffff">
          Paystra
        </text>
        <rect x="12" y="98" width="108" height="26" rx="8" fill="#ffffff" fillOpacity="0.14" />
        {navItems.map((item, index) => (
          <g key={item}>
            <rect
              x="24"
              y={106 + index * 32}
              width="10"
              height="10"
              rx="3"
              fill={index === 0 ? logoPalette.mint : '#8c7cf0'}
            />
            <text x="42" y={115 + index * 32} fontSize="11" fill={index === 0 ? '#fff' : '#d6d0ff'}>
              {item}
            </text>
          </g>
        ))}

        <text x="152" y="72" fontSize="15" fontWeight="700" fill={palette.ink}>
          Good morning, Chai &amp; Co.
        </text>
        <text x="152" y="89" fontSize="10" fill="#6b6f8a">
          Here is how today is going
        </text>
        <rect x="528" y="58" width="92" height="24" rx="12" fill={palette.brandSoft} />
        <text
          x="574"
          y="74"
          fontSize="10"
          fontWeight="600"
          fill={palette.brand}
          textAnchor="middle"
        >
          Today ▾
        </text>

        {kpis.map((kpi, index) => {
          const x = 152 + index * 160
          return (
            <g key={kpi.label}>
              <rect
                x={x}
                y="104"
                width="148"
                height="66"
                rx="10"
                fill="#fff"
                stroke={palette.line}
              />
              <text x={x + 12} y="124" fontSize="9.5" fill="#6b6f8a">
                {kpi.label}
              </text>
              <text x={x + 12} y="150" fontSize="17" fontWeight="700" fill={palette.ink}>
                {kpi.value}
              </text>
              <text x={x + 12} y="163" fontSize="8.5" fontWeight="600" fill={palette.success}>
                {kpi.note}
              </text>
            </g>
          )
        })}

        <rect x="152" y="182" width="300" height="140" rx="10" fill="#fff" stroke={palette.line} />
        <text x="164" y="202" fontSize="11" fontWeight="700" fill={palette.ink}>
          Payments this week
        </text>
        <line x1="164" y1="300" x2="440" y2="300" stroke={palette.line} />
        {weekBars.map((bar, index) => (
          <g key={index}>
            <rect
              x={176 + index * 38}
              y={300 - bar.height}
              width="22"
              height={bar.height}
              rx="5"
              fill={index === 5 ? palette.brand : '#c9c0ff'}
            />
            <text x={187 + index * 38} y="314" fontSize="9" fill="#6b6f8a" textAnchor="middle">
              {bar.day}
            </text>
          </g>
        ))}

        <rect x="464" y="182" width="156" height="140" rx="10" fill="#fff" stroke={palette.line} />
        <text x="476" y="202" fontSize="11" fontWeight="700" fill={palette.ink}>
          By method
        </text>
        {methods.map((method) => (
          <circle
            key={method.name}
            cx="510"
            cy="262"
            r="28"
            fill="none"
            stroke={method.colour}
            strokeWidth="12"
            strokeDasharray={`${method.length} ${donutCircumference - method.length}`}
            strokeDashoffset={-method.offset}
            transform="rotate(-90 510 262)"
          />
        ))}
        {methods.map((method, index) => (
          <g key={method.name}>
            <circle cx="556" cy={238 + index * 16} r="3.5" fill={method.colour} />
            <text x="564" y={241 + index * 16} fontSize="9" fill={palette.inkSoft}>
              {method.name} {method.share}%
            </text>
          </g>
        ))}

        <rect x="152" y="334" width="468" height="112" rx="10" fill="#fff" stroke={palette.line} />
        {['Order ID', 'Method', 'Amount', 'Status'].map((heading, index) => (
          <text
            key={heading}
            x={[166, 272, 392, 520][index]}
            y="354"
            fontSize="9"
            fontWeight="600"
            fill="#6b6f8a"
          >
            {heading}
          </text>
        ))}
        <line x1="152" y1="362" x2="620" y2="362" stroke={palette.line} />
        {payments.map((payment, index) => {
          const y = 382 + index * 24
          const captured = payment.status === 'Captured'
          return (
            <g key={payment.order}>
              <text
                x="166"
                y={y}
                fontSize="10"
                fill={palette.ink}
                fontFamily="ui-monospace, monospace"
              >
                {payment.order}
              </text>
              <text x="272" y={y} fontSize="10" fill={palette.inkSoft}>
                {payment.method}
              </text>
              <text x="392" y={y} fontSize="10" fontWeight="600" fill={palette.ink}>
                {payment.amount}
              </text>
              <rect
                x="516"
                y={y - 11}
                width="64"
                height="16"
                rx="8"
                fill={captured ? palette.accentSoft : '#fff4e5'}
              />
              <text
                x="548"
                y={y}
                fontSize="9"
                fontWeight="600"
                fill={captured ? palette.success : '#b54708'}
                textAnchor="middle"
              >
                {payment.status}
              </text>
            </g>
          )
        })}
      </g>
      <rect x="0.5" y="0.5" width="639" height="459" rx="18" fill="none" stroke="#dcd8f5" />
    </svg>
  )
}
