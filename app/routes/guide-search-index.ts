import { searchIndexJson } from '#app/guides/search-index.server.ts'

/** The guides' search index, prerendered to a file at build time (react-router.config.ts). */
export async function loader() {
  return new Response(await searchIndexJson(), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}
