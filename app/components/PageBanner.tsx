import type { ReactNode } from 'react'
import './PageBanner.css'

interface PageBannerProps {
  title: ReactNode
  /** One line under the title. */
  intro?: ReactNode
  eyebrow?: string
}

/** The coloured band at the top of every inner page. */
export function PageBanner({ title, intro, eyebrow }: PageBannerProps) {
  return (
    <section className="page-banner">
      <div className="container page-banner__inner">
        {eyebrow ? <span className="eyebrow page-banner__eyebrow">{eyebrow}</span> : null}
        <h1 className="page-banner__title">{title}</h1>
        {intro ? <p className="page-banner__intro">{intro}</p> : null}
      </div>
    </section>
  )
}
