import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from './database.ts'
import { contactMessages, jobApplications } from './schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

let store: DataStore

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(() => store.close())

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies the migrations and stores a contact message', async () => {
    const [row] = await store.db
      .insert(contactMessages)
      .values({
        name: 'Asha',
        company: 'Verma Textiles',
        phone: '9876543210',
        email: 'asha@example.com',
        subject: 'Hello',
        message: 'Ünïcødé and <b>tags</b> survive',
      })
      .returning()
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/)
    const [read] = await store.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row!.id))
    expect(read?.message).toBe('Ünïcødé and <b>tags</b> survive')
    expect(read?.createdAt).toBeInstanceOf(Date)
  })

  it('keeps a resume byte for byte', async () => {
    const resume = Buffer.from([0, 1, 2, 254, 255, 37, 80, 68, 70])
    const [row] = await store.db
      .insert(jobApplications)
      .values({
        name: 'Ravi',
        phone: '9123456780',
        email: 'ravi@example.com',
        subject: 'New Job Application from Paystra',
        message: 'Hi',
        resumeFileName: 'cv.pdf',
        resumeContentType: 'application/pdf',
        resumeSize: resume.length,
        resume,
      })
      .returning()
    const [read] = await store.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, row!.id))
    expect(Buffer.isBuffer(read?.resume)).toBe(true)
    expect(read?.resume.equals(resume)).toBe(true)
  })

  it('opens again over a database that already has its tables', async () => {
    const options = process.env.DATABASE_URL
      ? testDatabaseOptions()
      : { pgliteDir: mkdtempSync(path.join(tmpdir(), 'pglite-')) }
    const first = await openDatabase(options)
    await first.close()
    const again = await openDatabase(options)
    const rows = await again.db.select().from(contactMessages)
    expect(Array.isArray(rows)).toBe(true)
    await again.close()
  })
})
