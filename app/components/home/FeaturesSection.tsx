import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import { features } from '#app/content/home.ts'
import './FeaturesSection.css'

export function FeaturesSection() {
  return (
    <section className="section section--alt features" aria-labelledby="home-features">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{features.eyebrow}</span>
          <h2 id="home-features">{features.title}</h2>
        </div>
        <ul className="features__list">
          {features.items.map((feature) => (
            <li key={feature.id} className="features__item">
              <span className="features__icon">
                <LineIcon name={feature.icon} size={30} />
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
