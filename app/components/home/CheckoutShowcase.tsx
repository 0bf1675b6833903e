import { useEffect, useRef, useState } from 'react'
import { reducedMotionQuery, showcase, showcaseMotionQuery } from '#app/content/home.ts'
import { PhoneCheckoutMock } from './PhoneCheckoutMock'
import { useMediaQuery } from './useMediaQuery'
import './CheckoutShowcase.css'

/**
 * The six checkout strengths beside a phone. On wide screens without a reduced-motion
 * preference the phone stays put while the visitor scrolls, and the item crossing the middle
 * of the viewport lights up and shows its screen; otherwise it is a plain list.
 */
export function CheckoutShowcase() {
  const wide = useMediaQuery(showcaseMotionQuery)
  const reducedMotion = useMediaQuery(reducedMotionQuery)
  const motion = wide && !reducedMotion
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    const list = listRef.current
    if (!motion || !list || typeof IntersectionObserver === 'undefined') return
    const crossing = new Set<number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index)
          if (entry.isIntersecting) crossing.add(index)
          else crossing.delete(index)
        }
        // Between two items nothing crosses the band: keep the last one lit.
        if (crossing.size > 0) setActive(Math.min(...crossing))
      },
      // A thin band across the middle of the viewport.
      { rootMargin: '-45% 0px -45% 0px' },
    )
    for (const item of list.querySelectorAll('[data-index]')) observer.observe(item)
    return () => observer.disconnect()
  }, [motion])

  // Without motion the phone stays on the first screen.
  const screen = (motion ? showcase.items[active] : showcase.items[0])?.id ?? 'trust'

  return (
    <section
      className="section showcase"
      aria-labelledby="home-showcase"
      data-motion={motion ? 'on' : 'off'}
    >
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{showcase.eyebrow}</span>
          <h2 id="home-showcase">{showcase.title}</h2>
          <p className="lead">{showcase.text}</p>
        </div>
        <div className="showcase__layout">
          <ol className="showcase__list" ref={listRef}>
            {showcase.items.map((item, index) => (
              <li
                key={item.id}
                className="showcase__item"
                data-index={index}
                data-active={motion && index === active ? 'true' : undefined}
              >
                <div className="showcase__card">
                  <span className="showcase__number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <h3 className="showcase__title">{item.title}</h3>
                  <p className="showcase__text">{item.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="showcase__stage">
            <PhoneCheckoutMock screen={screen} />
          </div>
        </div>
      </div>
    </section>
  )
}
