import { rbiAwarenessTips } from '#app/content/rbi.ts'
import './rbi.css'

export function AwarenessTips() {
  return (
    <section className="section section--alt" aria-labelledby="rbi-tips-heading">
      <div className="container rbi-tips">
        <h2 id="rbi-tips-heading">{rbiAwarenessTips.heading}</h2>
        <p className="lead">{rbiAwarenessTips.lead}</p>
        <ul className="check-list rbi-tips__list">
          {rbiAwarenessTips.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  )
}
