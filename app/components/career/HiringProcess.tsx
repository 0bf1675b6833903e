import { hiringProcess } from '#app/content/careers.ts'
import './career.css'

export function HiringProcess() {
  return (
    <section className="section" aria-labelledby="hiring-process-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <h2 id="hiring-process-heading">{hiringProcess.heading}</h2>
        </div>
        <ol className="hiring-steps">
          {hiringProcess.steps.map((step, index) => (
            <li key={step.title} className="hiring-step">
              <span className="hiring-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="hiring-step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="hiring-contact">
          {hiringProcess.contactPrompt}{' '}
          <a href={`mailto:${hiringProcess.hrEmail}`}>{hiringProcess.hrEmail}</a>.
        </p>
      </div>
    </section>
  )
}
