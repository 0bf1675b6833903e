import { startStory } from '#app/content/about.ts'
import { StoryIllustration } from './StoryIllustration.tsx'
import './about.css'

export function StartStory() {
  return (
    <section className="section about-story" aria-labelledby="start-story-heading">
      <div className="container about-split about-split--story">
        <div>
          <span className="eyebrow">{startStory.eyebrow}</span>
          <h2 id="start-story-heading">{startStory.heading}</h2>
          {startStory.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="about-story__aside">
          <StoryIllustration />
          <h3 className="about-story__timeline-title">Milestones</h3>
          <ol className="about-timeline">
            {startStory.milestones.map((milestone) => (
              <li key={milestone.year} className="about-timeline__item">
                <span className="about-timeline__year">{milestone.year}</span>
                <span>{milestone.text}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  )
}
