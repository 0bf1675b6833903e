import { visionMission } from '#app/content/about.ts'
import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import './about.css'

export function VisionMission() {
  const statements = [visionMission.vision, visionMission.mission]
  return (
    <section className="section section--alt" aria-labelledby="vision-mission-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{visionMission.eyebrow}</span>
          <h2 id="vision-mission-heading">{visionMission.heading}</h2>
        </div>
        <div className="grid grid--2">
          {statements.map((statement) => (
            <article key={statement.title} className="card about-statement">
              <span className="about-statement__icon">
                <LineIcon name={statement.icon} size={24} className="about-icon" />
              </span>
              <h3>{statement.title}</h3>
              <p>{statement.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}
