import { showcase } from '#app/content/home.ts'
import { PhoneCheckoutMock } from './PhoneCheckoutMock.tsx'
import './CheckoutShowcase.css'

/**
 * The six checkout strengths beside a phone. On wide screens without a reduced-motion
 * preference the phone stays put while the visitor scrolls, and the item crossing the middle
 * of the viewport lights up and the phone shows its screen: scroll-driven animations in
 * CheckoutShowcase.css, with no script. Otherwise it is a plain list beside the first screen.
 */
export function CheckoutShowcase() {
  return (
    <section className="section showcase" aria-labelledby="home-showcase">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{showcase.eyebrow}</span>
          <h2 id="home-showcase">{showcase.title}</h2>
          <p className="lead">{showcase.text}</p>
        </div>
        <div className="showcase__layout">
          <ol className="showcase__list">
            {showcase.items.map((item, index) => (
              <li key={item.id} className="showcase__item">
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
            <PhoneCheckoutMock screens={showcase.items.map((item) => item.id)} />
          </div>
        </div>
      </div>
    </section>
  )
}
