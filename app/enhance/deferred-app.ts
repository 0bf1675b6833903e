/**
 * Starts React Router on a page whose bootstrap the server left inert
 * (app/utils/deferred-hydration.ts): once the page has loaded, painted and the browser is idle,
 * or as soon as the visitor reaches for the page (a press, a key, focus), whichever comes first.
 * Until then the page is plain HTML whose forms post themselves to their route. On a busy phone
 * the first paint can come well after `load`; fetching the scripts before it would slow it.
 */
import { DEFERRED_MODULE_TYPE } from '#app/utils/deferred-hydration.ts'

let started = false

function start() {
  if (started) return
  started = true
  for (const event of intents) removeEventListener(event, start, { capture: true })
  const inert = document.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`)
  if (!inert) return
  const script = document.createElement('script')
  script.type = 'module'
  // The response's Content Security Policy allows inline scripts by this nonce only.
  script.nonce = inert.nonce
  script.textContent = inert.textContent
  inert.replaceWith(script)
}

const intents = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const
for (const event of intents) addEventListener(event, start, { capture: true, passive: true })

function whenIdle() {
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 })
  else setTimeout(start, 200)
}

function afterFirstPaint(then: () => void) {
  if (
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    performance.getEntriesByName('first-contentful-paint').length > 0
  ) {
    return then()
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    then()
  }).observe({ type: 'paint', buffered: true })
}

const whenLoadedAndPainted = () => afterFirstPaint(whenIdle)
if (document.readyState === 'complete') whenLoadedAndPainted()
else addEventListener('load', whenLoadedAndPainted, { once: true })
