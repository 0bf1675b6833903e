import { careerSubject } from '#app/rules/career-form.ts'
import type { Database } from '#server/db/database.ts'
import { contactMessages, jobApplications } from '#server/db/schema.ts'
import {
  careerMail,
  type ContactMessage,
  contactMail,
  type MailAddresses,
} from '#server/mail/compose.ts'
import { enqueueMail } from '#server/mail/outbox.ts'

/** Stores a contact message and queues its mail in one transaction. */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
  clientIp: string | undefined,
  addresses: MailAddresses,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, clientIp })
      .returning({ id: contactMessages.id })
    await enqueueMail(tx, 'contact', contactMail(message, addresses))
    return row!.id
  })
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
