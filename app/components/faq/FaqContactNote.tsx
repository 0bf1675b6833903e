import { Link } from 'react-router'
import { faqContact } from '#app/content/faq.ts'
import './Faq.css'

/** The closing line under the questions, pointing to the contact page. */
export function FaqContactNote() {
  return (
    <div className="faq-contact">
      <p>{faqContact.text}</p>
      <Link to={faqContact.link.to} className="btn btn--primary">
        {faqContact.link.label}
      </Link>
    </div>
  )
}
