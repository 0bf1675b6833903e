import { Link } from 'react-router'
import { specialPlan } from '#core/pricing/pricing.ts'
import './SpecialPlan.css'

export function SpecialPlan() {
  return (
    <section className="section section--dark special-plan" aria-labelledby="special-plan-title">
      <div className="container special-plan__inner">
        <div>
          <span className="eyebrow">{specialPlan.eyebrow}</span>
          <h2 id="special-plan-title">{specialPlan.title}</h2>
          <p className="lead">{specialPlan.lead}</p>
          <Link className="btn btn--light special-plan__cta" to={specialPlan.cta.to}>
            {specialPlan.cta.label}
          </Link>
        </div>
        <ul className="check-list special-plan__points">
          {specialPlan.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
    </section>
  )
}
