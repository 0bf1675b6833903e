import type { ReactNode } from 'react'
import './ContactLayout.css'

interface ContactLayoutProps {
  /** The ways to reach us. */
  aside: ReactNode
  /** The form card. */
  children: ReactNode
  asidePosition?: 'start' | 'end'
}

/**
 * Contact details beside a form card, stacked on narrow screens. The source order follows the
 * visual order so keyboard focus never jumps back and forth.
 */
export function ContactLayout({ aside, children, asidePosition = 'start' }: ContactLayoutProps) {
  const asideBlock = <div className="contact-layout__aside">{aside}</div>
  const main = <div className="contact-layout__main card">{children}</div>
  return (
    <div className="contact-layout" data-aside={asidePosition}>
      {asidePosition === 'start' ? (
        <>
          {asideBlock}
          {main}
        </>
      ) : (
        <>
          {main}
          {asideBlock}
        </>
      )}
    </div>
  )
}
