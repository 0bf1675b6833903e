import { pamphletBenefits } from '#app/content/pamphlet.ts'
import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import './pamphlet.css'

export function BenefitCards() {
  return (
    <section className="section pamphlet-benefits" aria-labelledby="pamphlet-benefits-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{pamphletBenefits.eyebrow}</span>
          <h2 id="pamphlet-benefits-heading">{pamphletBenefits.heading}</h2>
        </div>
        <ul className="grid grid--3 benefit-cards" role="list">
          {pamphletBenefits.items.map((benefit) => (
            <li key={benefit.title} className={`card benefit-card benefit-card--${benefit.icon}`}>
              <span className="benefit-card__badge">
                <LineIcon name={benefit.icon} className="benefit-card__icon" />
              </span>
              <h3 className="benefit-card__title">{benefit.title}</h3>
              <p className="benefit-card__figure">
                <strong>{benefit.figure}</strong> <span>{benefit.figureLabel}</span>
              </p>
              <p>{benefit.text}</p>
              <ul className="check-list benefit-card__points">
                {benefit.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
