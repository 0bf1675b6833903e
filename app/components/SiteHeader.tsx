import { Link, useLocation } from 'react-router'
import { portalLoginUrl } from '#app/config/public-config.ts'
import {
  headerLinksAfterDemo,
  headerLinksBeforeDemo,
  liveDemoLinks,
} from '#app/content/navigation.ts'
import { Logo } from './Logo.tsx'
import { NavItemLink } from './NavItemLink.tsx'
import './SiteHeader.css'

/**
 * The header holds no state: the main navigation below 992 px and the Live Demo menu are
 * native popovers, so they work on static pages and before any script runs.
 * app/enhance/header.ts adds aria-expanded and the Live Demo menu's arrow keys.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand">
          <Logo />
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          popoverTarget="site-nav"
          aria-label="Menu"
          // app/enhance/header.ts owns aria-expanded, and may set it before React hydrates.
          suppressHydrationWarning
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        <nav id="site-nav" className="site-nav" popover="auto" aria-label="Main">
          <ul className="site-nav__list">
            {headerLinksBeforeDemo.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} className="site-nav__link" />
              </li>
            ))}
            <li>
              <LiveDemoMenu />
            </li>
            {headerLinksAfterDemo.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} className="site-nav__link" />
              </li>
            ))}
          </ul>
          <a
            className="btn btn--primary site-nav__login"
            href={portalLoginUrl}
            target="_blank"
            rel="noopener"
          >
            Login<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
      </div>
    </header>
  )
}

function LiveDemoMenu() {
  const location = useLocation()
  const isDemoPage = liveDemoLinks.some((item) => location.pathname.startsWith(item.to))
  return (
    <div className="demo-menu">
      <button
        type="button"
        className="site-nav__link demo-menu__button"
        popoverTarget="live-demo-menu"
        data-active={isDemoPage || undefined}
        // app/enhance/header.ts owns aria-expanded, and may set it before React hydrates.
        suppressHydrationWarning
      >
        Live Demo
        <svg
          className="demo-menu__chevron"
          viewBox="0 0 12 12"
          width="12"
          height="12"
          aria-hidden="true"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id="live-demo-menu" className="demo-menu__list" popover="auto">
        {liveDemoLinks.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} className="demo-menu__link" />
          </li>
        ))}
      </ul>
    </div>
  )
}
