import { z } from 'zod'
import { type PublicConfig, readPublicConfig } from '#app/config/public-config.build.ts'

const serverSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
})

export type ServerConfig = z.infer<typeof serverSchema> & { public: PublicConfig }

/** Parses the environment once at start; a bad value stops the start with one clear line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = serverSchema.safeParse({
    NODE_ENV: env.NODE_ENV || undefined,
    PORT: env.PORT || undefined,
    HOST: env.HOST || undefined,
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'configuration')
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'} (got "${env[name]}")`)
  }
  try {
    return { ...parsed.data, public: readPublicConfig(env) }
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}
