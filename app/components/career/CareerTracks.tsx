import { careerTracks, careerTracksSection } from '#app/content/careers.ts'
import { CareerTrackCard } from './CareerTrackCard.tsx'
import './career.css'

export function CareerTracks() {
  return (
    <section className="section section--alt" aria-labelledby="career-tracks-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{careerTracksSection.eyebrow}</span>
          <h2 id="career-tracks-heading">{careerTracksSection.heading}</h2>
          <p className="lead">{careerTracksSection.lead}</p>
        </div>
        <div className="grid grid--2">
          {careerTracks.map((track) => (
            <CareerTrackCard key={track.id} track={track} />
          ))}
        </div>
      </div>
    </section>
  )
}
