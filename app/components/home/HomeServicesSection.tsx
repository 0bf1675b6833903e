import { Link } from 'react-router'
import { ServiceBoxes } from '#app/components/services/ServiceBoxes.tsx'
import { homeServicesSection } from '#app/content/home.ts'
import { homeServices } from '#app/content/services.ts'
import './HomeServicesSection.css'

/** The first service boxes, and the way to the rest on /services. */
export function HomeServicesSection() {
  return (
    <section className="section section--alt home-services" aria-labelledby="home-services">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{homeServicesSection.eyebrow}</span>
          <h2 id="home-services">{homeServicesSection.title}</h2>
          <p className="lead">{homeServicesSection.text}</p>
        </div>
        <ServiceBoxes services={homeServices} />
        <div className="home-services__more">
          <Link className="btn btn--primary" to="/services">
            {homeServicesSection.knowMore}
            <span className="visually-hidden"> about our services</span>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M4 10h11M11 5l5 5-5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Link>
        </div>
      </div>
    </section>
  )
}
