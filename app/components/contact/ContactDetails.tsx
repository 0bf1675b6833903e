import type { ReactNode } from 'react'
import { SocialLinks } from '#app/components/SocialLinks.tsx'
import { type ContactIconName, ContactIcon } from './ContactIcon.tsx'
import './ContactDetails.css'

interface Phone {
  label: string
  display: string
  tel: string
}

interface ContactDetailsProps {
  labels: {
    address?: string
    email: string
    phone: string
    hours: string
    social: string
  }
  address?: readonly string[]
  email: string
  phones: readonly Phone[]
  hours: string
}

/** The ways to reach us, as a labelled list: address, e-mail, phones, hours and social links. */
export function ContactDetails({ labels, address, email, phones, hours }: ContactDetailsProps) {
  return (
    <dl className="contact-details">
      {address && labels.address ? (
        <Detail icon="address" label={labels.address}>
          <address className="contact-details__address">
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </Detail>
      ) : null}
      <Detail icon="email" label={labels.email}>
        <a href={`mailto:${email}`}>{email}</a>
      </Detail>
      <Detail icon="phone" label={labels.phone}>
        <ul className="contact-details__phones">
          {phones.map((phone) => (
            <li key={phone.tel}>
              <a href={`tel:${phone.tel}`}>{phone.display}</a>
              <span className="contact-details__note">{phone.label}</span>
            </li>
          ))}
        </ul>
      </Detail>
      <Detail icon="hours" label={labels.hours}>
        {hours}
      </Detail>
      <Detail icon="social" label={labels.social}>
        <SocialLinks />
      </Detail>
    </dl>
  )
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ContactIconName
  label: string
  children: ReactNode
}) {
  return (
    <div className="contact-details__item">
      <dt className="contact-details__label">
        <span className="contact-details__icon">
          <ContactIcon name={icon} />
        </span>
        {label}
      </dt>
      <dd className="contact-details__value">{children}</dd>
    </div>
  )
}
