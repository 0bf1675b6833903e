import { integrationSteps } from '#app/content/developers.ts'
import './IntegrationSteps.css'

/** The payment round trip in four numbered steps. */
export function IntegrationSteps() {
  return (
    <section className="section" aria-labelledby="integration-steps-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{integrationSteps.eyebrow}</span>
          <h2 id="integration-steps-title">{integrationSteps.title}</h2>
        </div>
        <ol className="integration-steps">
          {integrationSteps.steps.map((step, index) => (
            <li key={step.title} className="integration-steps__step">
              <span className="integration-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
