import { SafeHtml } from './html.ts'

/** Line icons drawn for the sandbox; all decorative (the text beside them says the same). */
function icon(paths: string, className = 'gw-icon'): SafeHtml {
  return new SafeHtml(
    `<svg class="${className}" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`,
  )
}

export const icons = {
  lock: () =>
    icon(
      '<rect x="4.5" y="10.5" width="15" height="10" rx="2"/><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"/><circle cx="12" cy="15.5" r="1.3"/>',
    ),
  card: () =>
    icon('<rect x="2.5" y="5" width="19" height="14" rx="2.2"/><path d="M2.5 9.5h19M6 15h4"/>'),
  bank: () => icon('<path d="M3 9.5 12 4l9 5.5M4.5 10v8M9 10v8M15 10v8M19.5 10v8M3 20h18"/>'),
  upi: () =>
    icon(
      '<rect x="6" y="2.5" width="12" height="19" rx="2.5"/><path d="m10 9 3 3-3 3M11 18.5h2"/>',
    ),
  wallet: () =>
    icon(
      '<path d="M4 7.5h14.5a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5.5A2.5 2.5 0 0 1 3 17.5v-11A2.5 2.5 0 0 1 5.5 4H17v3.5"/><circle cx="16.5" cy="13.8" r="1.2"/>',
    ),
  globe: () =>
    icon(
      '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z"/>',
    ),
  success: () =>
    icon('<circle cx="12" cy="12" r="9.5"/><path d="m7.5 12.4 3 3 6-6.4"/>', 'gw-result__icon'),
  failure: () =>
    icon('<circle cx="12" cy="12" r="9.5"/><path d="m9 9 6 6m0-6-6 6"/>', 'gw-result__icon'),
  pending: () =>
    icon('<circle cx="12" cy="12" r="9.5"/><path d="M12 7v5l3.2 2"/>', 'gw-result__icon'),
  refused: () =>
    icon('<path d="M12 3.5 21.5 20h-19z"/><path d="M12 10v4.5M12 17.3v.2"/>', 'gw-result__icon'),
  shield: () =>
    icon(
      '<path d="M12 3 5 6v5.5c0 4.4 3 8 7 9.5 4-1.5 7-5.1 7-9.5V6z"/><path d="m9 12 2.2 2.2L15.5 10"/>',
    ),
}
