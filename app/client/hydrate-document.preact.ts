import { Fragment, options, render, type VNode } from 'preact'
import type { ReactNode } from 'react'
import { HydratedRouter } from 'react-router/dom'

/**
 * Takes over the server-rendered document with Preact (the production client build, ADR 010).
 *
 * The HTML comes from React's server renderer, which Preact's hydrate() trusts blindly: it pairs
 * nodes by tag name and never corrects an attribute, so any difference between React's output
 * and the client tree would stay on the page. Preact's render() over the existing nodes reuses
 * them in the same way but does correct attributes and text, so the page ends exactly as the
 * client renders it (useId values included) without rebuilding a single element.
 */
export function hydrateDocument(app: ReactNode) {
  void routerStateDecoded(callHydratedRouter).then(() => {
    removeHoistedPreloads(document)
    const serverScripts = [...document.body.querySelectorAll(':scope > script')]
    adaptClientTree({ nonce: pageNonce(document) })
    render(app as unknown as VNode, document.documentElement)
    putBackScripts(document.body, serverScripts)
  })
}

/**
 * Two differences between the document and the client tree, settled on every element Preact
 * creates: Preact renders into <html> (preact#3794), so the root's <html> becomes a fragment and
 * its <head> and <body> land on the existing ones (<html>'s attributes are static and stay as
 * the server wrote them); and scripts keep the page's CSP nonce, which only the server knows.
 */
export function adaptClientTree({ nonce }: { nonce?: string }) {
  const previous = options.vnode
  options.vnode = (vnode) => {
    if (vnode.type === 'html') vnode.type = Fragment
    if (nonce && vnode.type === 'script') {
      const props = vnode.props as { nonce?: string }
      props.nonce ??= nonce
    }
    previous?.(vnode)
  }
}

/** The nonce of the page's scripts (rendered per request), if it has one. */
export function pageNonce(doc: Document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]')
  // Browsers hide the attribute once the page has loaded and keep the value in the property.
  return script?.nonce || script?.getAttribute('nonce') || undefined
}

/**
 * React hoists the <link rel="modulepreload"> elements that <Scripts> renders in <body> into
 * <head>; the client tree does not have them there. They have done their work once the entry
 * module runs, and removing them lets every other <head> child meet its own element.
 */
export function removeHoistedPreloads(doc: Document) {
  for (const link of doc.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
}

/**
 * The scripts React streamed after <Scripts> are not in the client tree, so render() drops them;
 * React's hydration leaves them in place. Put them back where they were, at the end of <body>:
 * a script that has run once never runs again, wherever it is moved.
 */
export function putBackScripts(body: HTMLElement, scripts: readonly Element[]) {
  for (const script of scripts) if (!script.isConnected) body.append(script)
}

/**
 * HydratedRouter decodes the router state the server streamed into the page before it can
 * render, and throws the decoding promise until then. React's root waits for such a promise;
 * Preact's has no boundary to catch it, so we call the component until it stops throwing
 * promises. Its first hook then throws outside a render, which is expected and ignored: the
 * router is created by then, and the real render reuses it.
 */
export async function routerStateDecoded(probe: () => unknown) {
  for (;;) {
    try {
      probe()
    } catch (thrown) {
      if (thrown instanceof Promise) {
        await thrown
        continue
      }
    }
    return
  }
}

function callHydratedRouter() {
  // entry.client.tsx renders <HydratedRouter /> without props; the probe must match it.
  ;(HydratedRouter as unknown as (props: object) => unknown)({})
}
