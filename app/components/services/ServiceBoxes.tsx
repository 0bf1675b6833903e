import type { Service } from '#app/content/services.ts'
import { LineIcon } from '#app/components/icons/LineIcon.tsx'
import './ServiceBoxes.css'

/** The service boxes: all 12 on /services, the first few on the home page. */
export function ServiceBoxes({ services }: { services: readonly Service[] }) {
  return (
    <ul className="service-boxes" data-count={services.length}>
      {services.map((service) => (
        <li key={service.id} className="service-box" data-service={service.id}>
          <span className="service-box__icon">
            <LineIcon name={service.icon} />
          </span>
          <h3 className="service-box__title">{service.title}</h3>
          <p className="service-box__summary">{service.summary}</p>
        </li>
      ))}
    </ul>
  )
}
