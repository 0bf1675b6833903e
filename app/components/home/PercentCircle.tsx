import { useEffect, useRef, useState } from 'react'
import { percentAnimationMs, reducedMotionQuery } from '#app/content/home.ts'
import { useHydrated, useMediaQuery } from './useMediaQuery'
import './PercentCircle.css'

const radius = 52
const circumference = 2 * Math.PI * radius

function easeOutCubic(t: number) {
  return 1 - (1 - t) ** 3
}

interface PercentCircleProps {
  /** 0 to 100. */
  value: number
  label: string
  /** One line under the label that says what the number measures. */
  note?: string
}

/**
 * A ring that fills up to `value` percent, counting up once when it scrolls into view.
 * The server and reduced-motion visitors get the final value straight away; screen readers
 * always read the final value from the label.
 */
export function PercentCircle({ value, label, note }: PercentCircleProps) {
  const dialRef = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  const reducedMotion = useMediaQuery(reducedMotionQuery)
  const animates = hydrated && !reducedMotion && typeof IntersectionObserver !== 'undefined'
  // Share of the animation played, 0 to 1.
  const [progress, setProgress] = useState(0)
  const finished = useRef(false)

  useEffect(() => {
    const dial = dialRef.current
    if (!animates || !dial || finished.current) return
    let frame = 0
    let running = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        running = true
        let start: number | undefined
        const step = (now: number) => {
          start ??= now
          const t = Math.min(1, (now - start) / percentAnimationMs)
          setProgress(t)
          if (t < 1) {
            frame = requestAnimationFrame(step)
          } else {
            finished.current = true
            running = false
          }
        }
        frame = requestAnimationFrame(step)
      },
      { threshold: 0.6 },
    )
    observer.observe(dial)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
      // Interrupted half-way (motion preference changed): settle on the final value.
      if (running) {
        finished.current = true
        setProgress(1)
      }
    }
  }, [animates])

  const shown = animates ? Math.round(value * easeOutCubic(progress)) : value

  return (
    <div className="percent-circle">
      <div
        ref={dialRef}
        className="percent-circle__dial"
        role="img"
        aria-label={`${value}% ${label}`}
        data-value={shown}
      >
        <svg viewBox="0 0 120 120" width="168" height="168" aria-hidden="true" focusable="false">
          <circle className="percent-circle__track" cx="60" cy="60" r={radius} />
          <circle
            className="percent-circle__ring"
            cx="60"
            cy="60"
            r={radius}
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - shown / 100)}
            transform="rotate(-90 60 60)"
            // A round cap would leave a dot at zero.
            opacity={shown === 0 ? 0 : 1}
          />
        </svg>
        <span className="percent-circle__value" aria-hidden="true">
          {shown}%
        </span>
      </div>
      <h3 className="percent-circle__label">{label}</h3>
      {note ? <p className="percent-circle__note">{note}</p> : null}
    </div>
  )
}
