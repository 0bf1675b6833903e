import { experience } from '#app/content/home.ts'
import { PercentCircle } from './PercentCircle.tsx'
import './ExperienceSection.css'

export function ExperienceSection() {
  return (
    <section className="section section--alt experience" aria-labelledby="home-experience">
      <div className="container experience__layout">
        <div className="experience__intro">
          <span className="eyebrow">{experience.eyebrow}</span>
          <h2 id="home-experience">{experience.title}</h2>
          <p className="lead">{experience.text}</p>
        </div>
        <div className="experience__stats">
          {experience.stats.map((stat) => (
            <PercentCircle key={stat.id} value={stat.value} label={stat.label} note={stat.note} />
          ))}
        </div>
      </div>
    </section>
  )
}
