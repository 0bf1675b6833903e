import { demoCopy, type DemoFlow } from '#app/content/demo.ts'
import './FlowSteps.css'

/** "How this flow works": the numbered journey of one demo's payment. */
export function FlowSteps({ flow }: { flow: DemoFlow }) {
  return (
    <section className="section section--alt" aria-labelledby="flow-steps-heading">
      <div className="container">
        <div className="section-head">
          <h2 id="flow-steps-heading">{demoCopy.flowHeading}</h2>
          <p className="lead">{flow.intro}</p>
        </div>
        <ol className="flow-steps">
          {flow.steps.map((step) => (
            <li key={step} className="flow-steps__item">
              {step}
            </li>
          ))}
        </ol>
        <p className="flow-steps__fit">{flow.fit}</p>
      </div>
    </section>
  )
}
