import { Link } from 'react-router'
import { portalSignupUrl } from '#app/config/public-config.ts'
import { hero } from '#app/content/home.ts'
import { DashboardIllustration } from './DashboardIllustration.tsx'
import './HeroSection.css'

/** The top of the home page: what we do, the sign-up CTA and a drawing of the dashboard. */
export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="container hero__layout">
        <div className="hero__copy">
          <span className="eyebrow">{hero.eyebrow}</span>
          <h1 id="home-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="lead hero__text">{hero.text}</p>
          <div className="hero__actions">
            <a className="btn btn--primary" href={portalSignupUrl} target="_blank" rel="noopener">
              {hero.signUpLabel}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <Link className="btn btn--outline" to={hero.secondary.to}>
              {hero.secondary.label}
            </Link>
          </div>
          <ul className="hero__highlights">
            {hero.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <DashboardIllustration label={hero.illustrationLabel} />
        </div>
      </div>
    </section>
  )
}
