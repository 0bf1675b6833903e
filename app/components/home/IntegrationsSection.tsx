import { integrations } from '#app/content/home.ts'
import { IntegrationKitList } from './IntegrationKitList.tsx'

export function IntegrationsSection() {
  return (
    <section className="section integrations" aria-labelledby="home-integrations">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{integrations.eyebrow}</span>
          <h2 id="home-integrations">{integrations.title}</h2>
          <p className="lead">{integrations.text}</p>
        </div>
        <IntegrationKitList />
      </div>
    </section>
  )
}
