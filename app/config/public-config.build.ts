import { z } from 'zod'

/**
 * Values the browser may know, read from the environment when the site is built.
 * Prerendered pages bake them in, so they are fixed at build time (`npm start` builds first).
 * Secrets never belong here.
 */
const absoluteUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

export const publicConfigSchema = z.object({
  PORTAL_URL: absoluteUrl.default('https://portal.paystra.example'),
  SITE_URL: absoluteUrl.default('http://localhost:3000'),
  // Empty means "the site's own origin": the browser posts to relative /api paths.
  API_URL: z.union([z.literal(''), absoluteUrl]).default(''),
})

export type PublicConfig = z.infer<typeof publicConfigSchema>

export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const picked = {
    PORTAL_URL: env.PORTAL_URL || undefined,
    SITE_URL: env.SITE_URL || undefined,
    API_URL: env.API_URL ?? undefined,
  }
  const parsed = publicConfigSchema.safeParse(picked)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'configuration')
    throw new Error(`Invalid ${name}: ${issue?.message ?? 'bad value'} (got "${env[name]}")`)
  }
  return parsed.data
}

export function publicConfigDefines(env: Record<string, string | undefined>) {
  return { __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig(env)) }
}
