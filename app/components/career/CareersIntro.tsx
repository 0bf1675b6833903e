import { careersIntro } from '#app/content/careers.ts'
import { TeamIllustration } from './TeamIllustration.tsx'
import './career.css'

export function CareersIntro() {
  return (
    <section className="section" aria-labelledby="careers-intro-heading">
      <div className="container careers-intro">
        <div>
          <span className="eyebrow">{careersIntro.eyebrow}</span>
          <h2 id="careers-intro-heading">{careersIntro.heading}</h2>
          {careersIntro.paragraphs.map((paragraph) => (
            <p key={paragraph} className="careers-intro__text">
              {paragraph}
            </p>
          ))}
          <ul className="check-list careers-intro__perks">
            {careersIntro.perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
        <TeamIllustration />
      </div>
    </section>
  )
}
