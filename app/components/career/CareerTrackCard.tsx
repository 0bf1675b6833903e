import { Link } from 'react-router'
import type { CareerTrack } from '#app/content/careers.ts'
import './career.css'

/** One opening track. The whole card changes colour on hover and while its link has focus. */
export function CareerTrackCard({ track }: { track: CareerTrack }) {
  const headingId = `career-track-${track.id}`
  return (
    <article className="career-card" aria-labelledby={headingId} data-track={track.id}>
      <span className="career-card__tagline">{track.tagline}</span>
      <h3 id={headingId} className="career-card__title">
        {track.title}
      </h3>
      <p className="career-card__description">{track.description}</p>
      <h4 className="career-card__subtitle">What we look for</h4>
      <ul className="check-list career-card__list">
        {track.lookFor.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {/* Both links read "Apply Now"; the description tells screen-reader users which track. */}
      <Link className="btn career-card__apply" to={track.applyHref} aria-describedby={headingId}>
        {track.applyLabel}
      </Link>
    </article>
  )
}
