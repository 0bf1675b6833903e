// @vitest-environment jsdom
import { h, render } from 'preact'
import { useId, useState } from 'preact/hooks'
import { act } from 'preact/test-utils'
import { createElement, useId as useReactId } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import {
  adaptClientTree,
  pageNonce,
  putBackScripts,
  removeHoistedPreloads,
  routerStateDecoded,
} from './hydrate-document.preact'

/** The server's widget, as React renders it: its ids come from React's useId. */
function ServerDisclosure() {
  const id = useReactId()
  return createElement(
    'div',
    { className: 'disclosure' },
    createElement(
      'button',
      { type: 'button', 'aria-controls': id, 'aria-expanded': false },
      'Show',
    ),
    createElement('p', { id, hidden: true }, 'Details'),
  )
}

/** The same widget in the client bundle, with Preact's useId. */
function ClientDisclosure() {
  const id = useId()
  const [open, setOpen] = useState(false)
  return h(
    'div',
    { className: 'disclosure' },
    h(
      'button',
      { type: 'button', 'aria-controls': id, 'aria-expanded': open, onClick: () => setOpen(!open) },
      'Show',
    ),
    h('p', { id, hidden: !open }, 'Details'),
  )
}

function clientDocument() {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('title', null, 'Paystra'), h('link', { rel: 'stylesheet', href: '/a.css' })),
    h(
      'body',
      null,
      h(ClientDisclosure, null),
      h('script', { dangerouslySetInnerHTML: { __html: ' ' } }),
    ),
  )
}

function serverDocument() {
  document.documentElement.setAttribute('lang', 'en')
  document.head.innerHTML =
    '<title>Paystra</title><link rel="modulepreload" href="/entry.js"/><link rel="stylesheet" href="/a.css"/>'
  document.body.innerHTML = `${renderToString(createElement(ServerDisclosure))}<script nonce="n0nce">window.context = 1</script><!--$--><script nonce="n0nce">stream()</script><!--/$-->`
}

describe('taking over the server-rendered document with Preact', () => {
  adaptClientTree({ nonce: 'n0nce' })

  it('reuses every element the server wrote and corrects what differs, ids included', async () => {
    serverDocument()
    const { head, body } = document
    const button = body.querySelector('button')!
    const details = body.querySelector('p')!
    const stylesheet = head.querySelector('link[rel="stylesheet"]')!
    const serverScripts = [...body.querySelectorAll(':scope > script')]
    expect(button.getAttribute('aria-controls')).toBe(details.id)
    const serverId = details.id

    removeHoistedPreloads(document)
    render(clientDocument(), document.documentElement)
    putBackScripts(body, serverScripts)

    // One <head> and one <body>, the same nodes as before, and no <html> inside <html>.
    expect(document.documentElement.children).toHaveLength(2)
    expect(document.head).toBe(head)
    expect(document.body).toBe(body)
    expect(body.querySelector('button')).toBe(button)
    expect(body.querySelector('p')).toBe(details)
    expect(head.querySelector('link[rel="stylesheet"]')).toBe(stylesheet)
    expect(document.documentElement.getAttribute('lang')).toBe('en')

    // The ids are the client's now, on both ends of the reference.
    expect(details.id).not.toBe(serverId)
    expect(button.getAttribute('aria-controls')).toBe(details.id)

    await act(() => button.click())
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(details.hidden).toBe(false)
  })

  it('keeps the scripts the server streamed, in order, and the nonce on the ones it renders', () => {
    serverDocument()
    const serverScripts = [...document.body.querySelectorAll(':scope > script')]
    render(clientDocument(), document.documentElement)
    putBackScripts(document.body, serverScripts)
    const scripts = [...document.body.querySelectorAll('script')]
    expect(scripts).toEqual(serverScripts)
    expect(scripts.map((script) => script.getAttribute('nonce'))).toEqual(['n0nce', 'n0nce'])
  })
})

describe('removeHoistedPreloads', () => {
  it('removes only the module preloads from <head>', () => {
    serverDocument()
    removeHoistedPreloads(document)
    expect([...document.head.children].map((element) => element.outerHTML)).toEqual([
      '<title>Paystra</title>',
      '<link rel="stylesheet" href="/a.css">',
    ])
  })
})

describe('pageNonce', () => {
  it("reads the nonce of the page's scripts, if any", () => {
    serverDocument()
    expect(pageNonce(document)).toBe('n0nce')
    document.body.innerHTML = '<script>1</script>'
    expect(pageNonce(document)).toBeUndefined()
  })
})

describe('routerStateDecoded', () => {
  it('calls the probe again after each promise it throws, until it throws something else', async () => {
    let pending = 2
    const probe = vi.fn(() => {
      if (pending-- > 0) throw Promise.resolve()
      throw new TypeError('a hook outside a render')
    })
    await routerStateDecoded(probe)
    expect(probe).toHaveBeenCalledTimes(3)
  })

  it('is done at once when the probe returns', async () => {
    const probe = vi.fn()
    await routerStateDecoded(probe)
    expect(probe).toHaveBeenCalledTimes(1)
  })
})
