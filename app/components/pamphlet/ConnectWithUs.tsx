import { Link } from 'react-router'
import { connectWithUs } from '#app/content/pamphlet.ts'
import './pamphlet.css'

export function ConnectWithUs() {
  return (
    <section className="section connect" aria-labelledby="connect-heading">
      <div className="container connect__inner">
        <h2 id="connect-heading">{connectWithUs.heading}</h2>
        <p className="connect__text">{connectWithUs.text}</p>
        <div className="connect__actions">
          {connectWithUs.links.map((link, index) => (
            <Link
              key={link.label}
              to={link.href}
              className={`btn connect__link ${index === 0 ? 'btn--light' : 'connect__link--outline'}`}
            >
              {link.label}
            </Link>
          ))}
        </div>
        <p className="connect__call">
          {connectWithUs.callPrompt}{' '}
          <a href={`tel:${connectWithUs.phone.tel}`}>{connectWithUs.phone.display}</a>{' '}
          <span className="connect__hours">({connectWithUs.hours})</span>.
        </p>
      </div>
    </section>
  )
}
