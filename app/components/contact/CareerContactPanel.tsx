import { contact } from '#core/brand/brand.ts'
import { careerFormPage } from '#app/content/career-form-page.ts'
import { ContactDetails } from './ContactDetails.tsx'
import './CareerContactPanel.css'

/** The job application page's "GET IN TOUCH" panel: HR e-mail, phones, hours, what happens next. */
export function CareerContactPanel() {
  const { panel } = careerFormPage
  return (
    <aside className="career-panel" aria-labelledby="career-contact-heading">
      <h2 id="career-contact-heading" className="career-panel__title">
        {panel.title}
      </h2>
      <p className="career-panel__text">{panel.text}</p>
      <ContactDetails
        labels={{
          email: panel.emailLabel,
          phone: panel.phoneLabel,
          hours: panel.hoursLabel,
          social: panel.socialLabel,
        }}
        email={contact.hrEmail}
        phones={contact.phones}
        hours={contact.careerHours}
      />
      <div className="career-panel__next">
        <h3>{panel.nextHeading}</h3>
        <ol>
          {panel.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </aside>
  )
}
