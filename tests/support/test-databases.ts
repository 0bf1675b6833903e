/**
 * The run's databases on PostgreSQL: one migrated template, and a copy of it for each test file.
 *
 * Every test file then works on a database of its own, so the files of the PostgreSQL stage run
 * side by side, and none is migrated again: `CREATE DATABASE … TEMPLATE` copies the migrated
 * tables in a fraction of a second. The copies are named after the template, so the run's end
 * drops whatever a killed worker left behind.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '#server/db/database.ts'

/** DATABASE_URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * Drops a database of the run. Plain DROP DATABASE stops an autovacuum worker busy on it by
 * itself, where WITH (FORCE) refuses one to a user who is not a superuser (the worker is not
 * this user's session: a CI run failed so). FORCE is the fallback for sessions of ours still
 * open on it.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`)
  } catch (error) {
    // 55006: object_in_use, other sessions are connected to it.
    if ((error as { code?: string }).code !== '55006') throw error
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

/** Creates the run's template on the server of `url`, migrated; returns its name. */
export async function createTemplateDatabase(url: string): Promise<string> {
  const name = `paystra_template_${process.pid}_${randomBytes(3).toString('hex')}`
  await asAdmin(url, (client) => client.query(`CREATE DATABASE ${name}`))
  const store = await openDatabase({ databaseUrl: withDatabase(url, name) })
  await store.close()
  return name
}

/** A copy of the template for one test file; returns its URL and how to drop it. */
export async function copyTemplateDatabase(
  url: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${template}_f${randomBytes(4).toString('hex')}`
  // FILE_COPY copies the template's files as they are, rather than through the write-ahead log.
  await asAdmin(url, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`),
  )
  return {
    url: withDatabase(url, name),
    async drop() {
      await asAdmin(url, (client) => dropDatabase(client, name))
    },
  }
}

/** Drops the template and every copy of it still there. */
export async function dropTemplateDatabases(url: string, template: string): Promise<void> {
  await asAdmin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}\\_f%`],
    )
    for (const { datname } of rows) await dropDatabase(client, datname)
  })
}
