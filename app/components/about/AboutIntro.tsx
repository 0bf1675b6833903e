import { aboutIntro } from '#app/content/about.ts'
import { IntroIllustration } from './IntroIllustration.tsx'
import './about.css'

export function AboutIntro() {
  return (
    <section className="section about-intro" aria-labelledby="about-intro-heading">
      <div className="container about-split">
        <div>
          <span className="eyebrow">{aboutIntro.eyebrow}</span>
          <h2 id="about-intro-heading">{aboutIntro.heading}</h2>
          {aboutIntro.paragraphs.map((paragraph) => (
            <p key={paragraph} className="about-intro__text">
              {paragraph}
            </p>
          ))}
          <dl className="about-stats">
            {aboutIntro.stats.map((stat) => (
              <div key={stat.label} className="about-stats__item">
                <dt className="about-stats__label">{stat.label}</dt>
                <dd className="about-stats__value">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <IntroIllustration />
      </div>
    </section>
  )
}
