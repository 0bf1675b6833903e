import { acceptanceOptimisation } from '#app/content/pamphlet.ts'
import { SuccessRateChart } from './SuccessRateChart.tsx'
import './pamphlet.css'

export function AcceptanceOptimisation() {
  return (
    <section className="section section--alt" aria-labelledby="acceptance-heading">
      <div className="container">
        <div className="acceptance">
          <div className="acceptance__intro">
            <span className="eyebrow">{acceptanceOptimisation.eyebrow}</span>
            <h2 id="acceptance-heading">{acceptanceOptimisation.heading}</h2>
            <p className="lead">{acceptanceOptimisation.lead}</p>
            <SuccessRateChart />
          </div>
          <ol className="acceptance__levers">
            {acceptanceOptimisation.levers.map((lever) => (
              <li key={lever.title} className="lever">
                <p className="lever__figure">
                  <strong>{lever.figure}</strong> <span>{lever.figureLabel}</span>
                </p>
                <h3 className="lever__title">{lever.title}</h3>
                <p className="lever__text">{lever.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <p className="acceptance__footnote">{acceptanceOptimisation.footnote}</p>
      </div>
    </section>
  )
}
