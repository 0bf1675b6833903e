import { integrateSection } from '#app/content/developers.ts'
import { IntegrationIllustration } from './IntegrationIllustration.tsx'
import './IntegrateSection.css'

export function IntegrateSection() {
  return (
    <section className="section" aria-labelledby="integrate-title">
      <div className="container integrate">
        <div className="integrate__text">
          <span className="eyebrow">{integrateSection.eyebrow}</span>
          <h2 id="integrate-title">{integrateSection.title}</h2>
          <p className="lead">{integrateSection.lead}</p>
          <ul className="check-list integrate__bullets">
            {integrateSection.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
        </div>
        <IntegrationIllustration label={integrateSection.illustrationLabel} />
      </div>
    </section>
  )
}
