const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

const characters: Record<string, string> = Object.fromEntries(
  Object.entries(entities).map(([character, entity]) => [entity, character]),
)

/**
 * Text made safe to place in HTML, between tags or inside a quoted attribute (either quote):
 * the five characters that could end the text or start markup become entities. The one escape
 * of the site, the gateway's pages, the guides and the mails.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character]!)
}

/** The text escapeHtml was given back from what it made: its five entities read, no others. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => characters[entity]!)
}
