const paths = {
  address:
    'M12 2.5a7 7 0 00-7 7c0 5.2 7 12 7 12s7-6.8 7-12a7 7 0 00-7-7zm0 9.6a2.6 2.6 0 110-5.2 2.6 2.6 0 010 5.2z',
  email: 'M3 5.5h18v13H3zm1.8 1.6v.3l7.2 5.2 7.2-5.2v-.3zm14.4 2.3l-7.2 5.2-7.2-5.2v7.5h14.4z',
  phone:
    'M6.6 3.5l3 .4 1.3 4-2 1.6a11.5 11.5 0 005.6 5.6l1.6-2 4 1.3.4 3a2 2 0 01-2 2.1A16.6 16.6 0 014.5 5.5a2 2 0 012.1-2z',
  hours:
    'M12 2.5a9.5 9.5 0 100 19 9.5 9.5 0 000-19zm0 1.8a7.7 7.7 0 110 15.4 7.7 7.7 0 010-15.4zM11.1 6.5v6.1l4.6 2.8.9-1.5-3.7-2.2V6.5z',
  social:
    'M17.5 3a3 3 0 00-2.9 3.8l-6 3.1a3 3 0 100 4.2l6 3.1a3 3 0 10.8-1.6l-6-3.1a3 3 0 000-1l6-3.1A3 3 0 1017.5 3z',
} as const

export type ContactIconName = keyof typeof paths

/** The small glyph beside each way of reaching us. Decorative: the label says the same. */
export function ContactIcon({ name }: { name: ContactIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  )
}
