import { Link } from 'react-router'
import { pamphletDiscover } from '#app/content/pamphlet.ts'
import './pamphlet.css'

export function DiscoverCallout() {
  return (
    <div className="container">
      <div className="discover-callout">
        <p className="discover-callout__text">{pamphletDiscover.text}</p>
        <Link className="btn btn--primary discover-callout__link" to={pamphletDiscover.href}>
          {pamphletDiscover.label}
          <span className="visually-hidden">{pamphletDiscover.labelSuffix}</span>
        </Link>
      </div>
    </div>
  )
}
