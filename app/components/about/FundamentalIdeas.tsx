import { fundamentalIdeas } from '#app/content/about.ts'
import './about.css'

export function FundamentalIdeas() {
  return (
    <section className="section" aria-labelledby="fundamental-ideas-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{fundamentalIdeas.eyebrow}</span>
          <h2 id="fundamental-ideas-heading">{fundamentalIdeas.heading}</h2>
        </div>
        <ol className="grid grid--3 about-ideas">
          {fundamentalIdeas.items.map((idea, index) => (
            <li key={idea.title} className="card about-idea">
              <span className="about-idea__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{idea.title}</h3>
              <p>{idea.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
