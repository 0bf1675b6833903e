import { percentAnimationMs, reducedMotionQuery } from '#app/content/home.ts'

/**
 * Enhancement module of the home page's percentage circles (app/components/home/PercentCircle.tsx).
 *
 * Each dial holds its final value. Unless the visitor prefers reduced motion, this module sets
 * it back to 0 and, when the dial is well into view, lets the CSS animation in
 * PercentCircle.css count it up over `percentAnimationMs`, once. `data-value` follows what the
 * dial shows: 0 while it waits, the value once the count ends.
 */
export function armPercentCircle(dial: HTMLElement) {
  const value = dial.dataset.value ?? '0'
  const reducedMotion = window.matchMedia(reducedMotionQuery)
  if (reducedMotion.matches || typeof IntersectionObserver === 'undefined') return

  function finish() {
    observer.disconnect()
    reducedMotion.removeEventListener('change', finish)
    delete dial.dataset.state
    dial.dataset.value = value
  }

  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      dial.dataset.state = 'counting'
    },
    { threshold: 0.6 },
  )
  dial.style.setProperty('--value', value)
  dial.style.setProperty('--percent-duration', `${percentAnimationMs}ms`)
  dial.dataset.state = 'armed'
  dial.dataset.value = '0'
  dial.addEventListener('animationend', finish, { once: true })
  dial.addEventListener('animationcancel', finish, { once: true })
  // Asking for reduced motion half-way settles on the final value.
  reducedMotion.addEventListener('change', finish)
  observer.observe(dial)
}

for (const dial of document.querySelectorAll<HTMLElement>('.percent-circle__dial')) {
  armPercentCircle(dial)
}
