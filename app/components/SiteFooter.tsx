import { Link } from 'react-router'
import { brand, contact } from '#core/brand/brand.ts'
import { footerHelpLinks, footerQuickLinks } from '#app/content/navigation.ts'
import { Logo } from './Logo.tsx'
import { NavItemLink } from './NavItemLink.tsx'
import { SocialLinks } from './SocialLinks.tsx'
import './SiteFooter.css'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to="/" className="site-footer__brand">
            <Logo tone="light" />
          </Link>
          <p>
            {brand.name} helps Indian businesses accept, move and reconcile money: UPI, cards, net
            banking and wallets through one integration, settled T+1.
          </p>
          <SocialLinks tone="light" />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__links">
            {footerQuickLinks.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help-links">
          <h2 id="footer-help-links" className="site-footer__heading">
            Help
          </h2>
          <ul className="site-footer__links">
            {footerHelpLinks.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__reach">
          <h2 className="site-footer__heading">Reach us</h2>
          <address className="site-footer__address">
            {contact.address.lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <a href={`tel:${contact.phones[0].tel}`}>{contact.phones[0].display}</a>
            <span>{contact.hours}</span>
          </address>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getFullYear()} {brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
