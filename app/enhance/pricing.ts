import { calculatorFor } from '#app/components/pricing/calculators.ts'
import { calculatorText, pricingTabs } from '#core/pricing/pricing.ts'
import { parseAmount, type Quote, quoteLabels } from '#core/pricing/fees.ts'
import { formatRupees } from '#core/currency/paise.ts'

/**
 * Enhancement module of /pricing.
 *
 * Before it runs, the page is complete: the Standard Plan products are a list of links to
 * their panels, the first panel shows (CSS shows the panel a link targets instead), and each
 * calculator shows the quote for its default amount, rendered at build time. This module makes
 * the list WAI-ARIA tabs (roving tabindex; arrows, Home and End move and select) and works out
 * each calculator's quote as the visitor types.
 */

function setUpTabs(root: HTMLElement) {
  const list = root.querySelector<HTMLElement>('.pricing-tabs__list')
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('.pricing-tabs__tab')]
  const panels = tabs.map((tab) => document.getElementById(tab.hash.slice(1)))
  if (!list || panels.some((panel) => !panel)) return

  function select(index: number, focus: boolean) {
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index))
      tab.tabIndex = i === index ? 0 : -1
      panels[i]!.hidden = i !== index
    })
    if (focus) tabs[index]!.focus()
  }

  list.setAttribute('role', 'tablist')
  tabs.forEach((tab, index) => {
    const panel = panels[index]!
    tab.setAttribute('role', 'tab')
    tab.setAttribute('aria-controls', panel.id)
    panel.setAttribute('role', 'tabpanel')
    panel.tabIndex = 0
    tab.addEventListener('click', (event) => {
      event.preventDefault()
      select(index, true)
    })
  })
  list.addEventListener('keydown', (event) => {
    const current = tabs.findIndex((tab) => tab.tabIndex === 0)
    const last = tabs.length - 1
    const next: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }
    const target = next[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target, true)
  })
  // A link to a product's panel selects its tab.
  const targeted = panels.findIndex((panel) => `#${panel!.id}` === location.hash)
  select(Math.max(targeted, 0), false)
  root.dataset.enhanced = ''
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | null,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.append(...children)
  return node
}

function breakdown(quote: Quote): Node[] {
  const rows = [
    { label: calculatorText.amount, paise: quote.amount },
    ...quote.charges,
    { label: quoteLabels.gst, paise: quote.gst },
    { label: calculatorText.totalCharges, paise: quote.totalCharges },
  ]
  const lines = element(
    'dl',
    'fee-calculator__lines',
    ...rows.map((row) =>
      element(
        'div',
        null,
        element('dt', null, row.label),
        element('dd', null, formatRupees(row.paise)),
      ),
    ),
    element(
      'div',
      'fee-calculator__outcome',
      element('dt', null, quote.outcome.label),
      element('dd', null, formatRupees(quote.outcome.paise)),
    ),
  )
  return quote.note ? [lines, element('p', 'fee-calculator__note', quote.note)] : [lines]
}

function setUpCalculator(form: HTMLFormElement) {
  const tab = pricingTabs.find((candidate) => candidate.id === form.dataset.tab)
  const input = form.elements.namedItem('amount')
  const output = form.querySelector<HTMLElement>('.fee-calculator__result')
  const error = form.querySelector<HTMLElement>('.fee-calculator__error')
  const hintText = form.querySelector<HTMLElement>('.fee-calculator__hint')
  if (!tab || !(input instanceof HTMLInputElement) || !output || !error || !hintText) return
  const [amountInput, result, errorText, hint] = [input, output, error, hintText]
  const setup = calculatorFor(tab)
  let showError = false

  function update() {
    const amount = parseAmount(amountInput.value)
    const choices = Object.fromEntries(
      setup.choices.map((choice) => {
        const select = form.elements.namedItem(choice.name)
        return [
          choice.name,
          select instanceof HTMLSelectElement ? select.value : choice.defaultValue,
        ]
      }),
    )
    const inputError = !amount.ok && showError ? amount.error : null
    errorText.textContent = inputError
    if (inputError) amountInput.setAttribute('aria-invalid', 'true')
    else amountInput.removeAttribute('aria-invalid')
    amountInput.setAttribute(
      'aria-describedby',
      inputError ? `${hint.id} ${errorText.id}` : hint.id,
    )

    const quote = amount.ok ? setup.quote(amount.paise, choices) : null
    result.replaceChildren(
      ...(quote === null
        ? [element('p', 'fee-calculator__waiting', calculatorText.waiting)]
        : quote.ok
          ? breakdown(quote.quote)
          : [element('p', 'fee-calculator__refusal', quote.error)]),
    )
  }

  form.addEventListener('input', (event) => {
    if (event.target === amountInput) showError = false
    update()
  })
  form.addEventListener('change', update)
  amountInput.addEventListener('blur', () => {
    showError = true
    update()
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    showError = true
    update()
  })
  // The browser may have restored a typed amount or a choice on a back navigation.
  update()
}

for (const root of document.querySelectorAll<HTMLElement>('.pricing-tabs')) setUpTabs(root)
for (const form of document.querySelectorAll<HTMLFormElement>('form.fee-calculator')) {
  setUpCalculator(form)
}
