import { Link } from 'react-router'
import { portalSignupUrl } from '#app/config/public-config.ts'
import { aboutCallToAction } from '#app/content/about.ts'
import './about.css'

export function AboutCallToAction() {
  return (
    <section className="section about-cta-band" aria-labelledby="about-cta-heading">
      <div className="container">
        <div className="about-cta">
          <div>
            <h2 id="about-cta-heading">{aboutCallToAction.heading}</h2>
            <p>{aboutCallToAction.text}</p>
          </div>
          <div className="about-cta__actions">
            <a className="btn btn--light" href={portalSignupUrl} target="_blank" rel="noopener">
              {aboutCallToAction.signUpLabel}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <Link className="btn about-cta__contact" to={aboutCallToAction.contactHref}>
              {aboutCallToAction.contactLabel}
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
