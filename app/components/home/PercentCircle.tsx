import './PercentCircle.css'

interface PercentCircleProps {
  /** 0 to 100. */
  value: number
  label: string
  /** One line under the label that says what the number measures. */
  note?: string
}

/**
 * A ring filled up to `value` percent, with the number in its middle, final in the HTML. The
 * percent-circles enhancement (app/enhance/percent-circles.ts) counts it up from 0 with a CSS
 * animation when it scrolls into view, unless the visitor prefers reduced motion. Screen
 * readers read the final value from the label.
 */
export function PercentCircle({ value, label, note }: PercentCircleProps) {
  return (
    <div className="percent-circle">
      <div
        className="percent-circle__dial"
        role="img"
        aria-label={`${value}% ${label}`}
        data-value={value}
      >
        <svg viewBox="0 0 120 120" width="168" height="168" aria-hidden="true" focusable="false">
          <circle className="percent-circle__track" cx="60" cy="60" r="52" />
          {/* pathLength 100: the dash offset is the share left unfilled. */}
          <circle
            className="percent-circle__ring"
            cx="60"
            cy="60"
            r="52"
            pathLength={100}
            strokeDasharray={100}
            strokeDashoffset={100 - value}
            transform="rotate(-90 60 60)"
          />
        </svg>
        <span className="percent-circle__value" aria-hidden="true">
          <span className="percent-circle__final">{value}%</span>
        </span>
      </div>
      <h3 className="percent-circle__label">{label}</h3>
      {note ? <p className="percent-circle__note">{note}</p> : null}
    </div>
  )
}
