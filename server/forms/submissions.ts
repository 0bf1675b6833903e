import { sql } from 'drizzle-orm'
import { careerSubject } from '#core/forms/career-form.ts'
import type { Database } from '#server/db/database.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import {
  careerMail,
  type ContactMessage,
  contactMail,
  type MailAddresses,
} from '#server/mail/compose.ts'
import { enqueueMail } from '#server/mail/outbox.ts'

/**
 * Stores a contact message and queues its mail in one statement: a data-modifying WITH runs
 * both inserts atomically, as a transaction would, in one round trip instead of four (embedded
 * PGlite pays about half a millisecond for each, the form's main cost under load).
 */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
  clientIp: string | undefined,
  addresses: MailAddresses,
): Promise<string> {
  const saved = db.$with('saved').as(
    db
      .insert(contactMessages)
      .values({ ...message, clientIp })
      .returning({ id: contactMessages.id }),
  )
  const [row] = await db
    .with(saved)
    .insert(outbox)
    .values({ kind: 'contact', mail: contactMail(message, addresses) })
    .returning({ id: sql<string>`(select ${saved.id} from ${saved})` })
  return row!.id
}

export interface ApplicationInput {
  name: string
  phone: string
  email: string
  message: string
  resume: { fileName: string; contentType: string; content: Buffer }
}

/** Stores a job application with its resume and queues the careers mail in one transaction. */
export async function saveJobApplication(
  db: Database,
  input: ApplicationInput,
  clientIp: string | undefined,
  addresses: MailAddresses,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobApplications)
      .values({
        name: input.name,
        phone: input.phone,
        email: input.email,
        subject: careerSubject,
        message: input.message,
        resumeFileName: input.resume.fileName,
        resumeContentType: input.resume.contentType,
        resumeSize: input.resume.content.length,
        resume: input.resume.content,
        clientIp,
      })
      .returning({ id: jobApplications.id })
    const id = row!.id
    await enqueueMail(
      tx,
      'career',
      careerMail(
        { id, ...input, subject: careerSubject, resumeFileName: input.resume.fileName },
        addresses,
      ),
    )
    return id
  })
}
