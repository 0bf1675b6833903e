import { redirectDocument } from 'react-router'

/** docs/product.md#routes-and-screens: any path that is not a screen of the site goes to the home page. */
export function loader() {
  // A document load: the home page is static, it has no client route to render into (ADR 019).
  return redirectDocument('/')
}

export default function NotFound() {
  return null
}
