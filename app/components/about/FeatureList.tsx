import { aboutFeatures } from '#app/content/about.ts'
import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import './about.css'

export function FeatureList() {
  return (
    <section className="section section--alt" aria-labelledby="about-features-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{aboutFeatures.eyebrow}</span>
          <h2 id="about-features-heading">{aboutFeatures.heading}</h2>
          <p className="lead">{aboutFeatures.lead}</p>
        </div>
        <ul className="grid grid--4 about-features" role="list">
          {aboutFeatures.items.map((feature) => (
            <li key={feature.title} className="card about-feature">
              <span className="about-feature__icon">
                <LineIcon name={feature.icon} size={24} className="about-icon" />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
