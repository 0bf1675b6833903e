/**
 * A route's `headers`: the page's document carries what its loader and action set (a cookie,
 * `Cache-Control: no-store`), the action's winning. React Router otherwise sends them only with
 * its data requests, not with the document.
 */
export function routeHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers
  actionHeaders: Headers
}): Headers {
  const headers = new Headers(loaderHeaders)
  actionHeaders.forEach((value, name) => headers.set(name, value))
  return headers
}
