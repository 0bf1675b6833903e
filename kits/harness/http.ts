/** Plain HTTP as the harness's customer and merchant speak it: no cookies, redirects by hand. */
export interface Answer {
  status: number
  url: string
  location?: string
  type: string
  text: string
}

export async function request(
  url: string,
  init: {
    method?: string
    form?: Record<string, string>
    json?: unknown
    accept?: string
    body?: string
    contentType?: string
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  let body: string | undefined = init.body
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  } else if (init.contentType) headers['content-type'] = init.contentType
  if (init.accept) headers.accept = init.accept
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  })
  const location = response.headers.get('location')
  return {
    status: response.status,
    url,
    location: location ? new URL(location, url).href : undefined,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  }
}

/** Follows redirects (303 → GET), as a browser does after a form post. */
export async function follow(answer: Answer): Promise<Answer> {
  let current = answer
  for (let hops = 0; current.location && current.status >= 300 && current.status < 400; hops++) {
    if (hops > 5) throw new Error(`Too many redirects from ${answer.url}`)
    current = await request(current.location)
  }
  return current
}

export function json<T = Record<string, unknown>>(answer: Answer): T {
  try {
    return JSON.parse(answer.text) as T
  } catch {
    throw new Error(
      `${answer.url} answered ${answer.status} ${answer.type}, not JSON:\n${answer.text.slice(0, 1500)}`,
    )
  }
}
