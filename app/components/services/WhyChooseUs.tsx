import { whyChooseUs } from '#app/content/services.ts'
import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import './WhyChooseUs.css'

export function WhyChooseUs() {
  return (
    <section className="section section--alt why-choose-us" aria-labelledby="why-choose-us">
      <div className="container">
        <div className="section-head section-head--center">
          <span className="eyebrow">{whyChooseUs.eyebrow}</span>
          <h2 id="why-choose-us">{whyChooseUs.title}</h2>
          <p className="lead">{whyChooseUs.text}</p>
        </div>
        <ul className="why-choose-us__list">
          {whyChooseUs.reasons.map((reason) => (
            <li key={reason.id} className="why-choose-us__item">
              <span className="why-choose-us__icon">
                <LineIcon name={reason.icon} size={30} />
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
