import type { ReactNode } from 'react'
import { type FeatureIconId, features } from '#app/content/home.ts'
import './FeaturesSection.css'

const icons: Record<FeatureIconId, ReactNode> = {
  onboarding: (
    <>
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M19 8v6M22 11h-6" />
    </>
  ),
  experience: (
    <>
      <rect x="5" y="2" width="14" height="20" rx="2.5" />
      <path d="M11 18h2M9 8.5l2 2 4-4" />
    </>
  ),
  integration: <path d="M16 18l6-6-6-6M8 6l-6 6 6 6M14 4l-4 16" />,
}

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
                <svg
                  viewBox="0 0 24 24"
                  width="30"
                  height="30"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  {icons[feature.icon]}
                </svg>
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
