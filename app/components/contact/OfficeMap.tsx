import { useEffect, useRef, useState } from 'react'
import { contact, externalLinks, palette } from '#core/brand/brand.ts'
import { contactPage } from '#app/content/contact-page.ts'
import './OfficeMap.css'

/** How far below the viewport the map starts loading, so it is ready when the visitor gets there. */
const loadAhead = '200px 0px'

/**
 * The office map. The page loads a drawn placeholder; the third-party map frame is inserted
 * only when the section nears the viewport or on "Show map", so visitors who never scroll
 * this far never load it. The plain link works without any of that.
 */
export function OfficeMap() {
  const { map } = contactPage
  const [showFrame, setShowFrame] = useState(false)
  const [focusFrame, setFocusFrame] = useState(false)
  const sectionRef = useRef<HTMLDivElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    const section = sectionRef.current
    if (showFrame || !section || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShowFrame(true)
      },
      { rootMargin: loadAhead },
    )
    observer.observe(section)
    return () => observer.disconnect()
  }, [showFrame])

  useEffect(() => {
    // The button that had focus is gone; hand focus to what replaced it.
    if (showFrame && focusFrame) frameRef.current?.focus()
  }, [showFrame, focusFrame])

  return (
    <div className="office-map" ref={sectionRef}>
      <div className="office-map__frame" data-loaded={showFrame || undefined}>
        {showFrame ? (
          <iframe
            ref={frameRef}
            title={map.frameTitle}
            loading="lazy"
            src={externalLinks.mapEmbed}
            sandbox="allow-scripts allow-same-origin allow-popups"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <>
            <MapArt />
            <button
              type="button"
              className="btn btn--primary office-map__show"
              onClick={() => {
                setFocusFrame(true)
                setShowFrame(true)
              }}
            >
              {map.showLabel}
            </button>
          </>
        )}
      </div>
      <div className="office-map__caption">
        <address className="office-map__address">
          {contact.address.lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <a href={externalLinks.mapLink} target="_blank" rel="noopener noreferrer">
          {map.openLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  )
}

/** A drawn street map with a pin: a stand-in until the real map is loaded. */
function MapArt() {
  return (
    <svg
      className="office-map__art"
      viewBox="0 0 640 300"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="640" height="300" fill="#eef0f7" />
      <path
        d="M0 210 C120 190 200 240 330 215 S520 170 640 190 V300 H0Z"
        fill={palette.accentSoft}
      />
      <g fill="none" stroke="#fff" strokeLinecap="round">
        <path d="M-10 120 H650" strokeWidth="22" />
        <path d="M210 -10 L260 310" strokeWidth="16" />
        <path d="M470 -10 C450 100 500 200 450 310" strokeWidth="14" />
        <path d="M0 40 L640 70" strokeWidth="8" />
        <path d="M60 310 L130 120" strokeWidth="8" />
        <path d="M330 120 L360 310" strokeWidth="8" />
      </g>
      <path d="M-10 120 H650" stroke="#ffd8bd" strokeWidth="4" strokeDasharray="18 14" />
      <g fill="#d9dcee">
        <rect x="24" y="140" width="70" height="40" rx="6" />
        <rect x="280" y="140" width="40" height="50" rx="6" />
        <rect x="380" y="20" width="70" height="80" rx="6" />
        <rect x="520" y="130" width="90" height="40" rx="6" />
        <rect x="90" y="58" width="100" height="44" rx="6" />
      </g>
      <g transform="translate(362 52)">
        <ellipse cx="18" cy="62" rx="14" ry="4" fill={palette.ink} opacity="0.18" />
        <path
          d="M18 0C8 0 0 8 0 18c0 13 18 42 18 42s18-29 18-42C36 8 28 0 18 0z"
          fill={palette.brand}
        />
        <circle cx="18" cy="18" r="7" fill="#fff" />
      </g>
    </svg>
  )
}
