import { Link } from 'react-router'
import { pamphletHero } from '#app/content/pamphlet.ts'
import { HeroIllustration } from './HeroIllustration.tsx'
import './pamphlet.css'

/** The pamphlet has no page banner: this hero is the top of the page and holds its h1. */
export function PamphletHero() {
  return (
    <section className="pamphlet-hero" aria-labelledby="pamphlet-title">
      <div className="container pamphlet-hero__inner">
        <div className="pamphlet-hero__copy">
          <span className="eyebrow pamphlet-hero__eyebrow">{pamphletHero.eyebrow}</span>
          <h1 id="pamphlet-title" className="pamphlet-hero__title">
            {pamphletHero.titlePrefix}{' '}
            <span className="pamphlet-hero__brand">{pamphletHero.brandName}</span>
          </h1>
          <p className="pamphlet-hero__text">{pamphletHero.text}</p>
          <Link className="btn btn--light pamphlet-hero__cta" to={pamphletHero.cta.href}>
            {pamphletHero.cta.label}
          </Link>
          <ul className="pamphlet-hero__highlights">
            {pamphletHero.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  )
}
