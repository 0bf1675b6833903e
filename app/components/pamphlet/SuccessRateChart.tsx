import { acceptanceOptimisation } from '#app/content/pamphlet.ts'
import './pamphlet.css'

/** Before and after success rates as two bars; the numbers are text, the bars only illustrate. */
export function SuccessRateChart() {
  const { caption, before, after } = acceptanceOptimisation.outcome
  const rows = [
    { ...before, tone: 'before' },
    { ...after, tone: 'after' },
  ]
  return (
    <figure className="rate-chart">
      <figcaption className="rate-chart__caption">{caption}</figcaption>
      <dl className="rate-chart__rows">
        {rows.map((row) => (
          <div key={row.label} className={`rate-chart__row rate-chart__row--${row.tone}`}>
            <dt className="rate-chart__label">{row.label}</dt>
            <dd className="rate-chart__value">
              <svg
                className="rate-chart__bar"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="0" y="0" width="100" height="10" rx="5" className="rate-chart__track" />
                <rect
                  x="0"
                  y="0"
                  width={row.value}
                  height="10"
                  rx="5"
                  className="rate-chart__fill"
                />
              </svg>
              <span className="rate-chart__number">{row.value}%</span>
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  )
}
