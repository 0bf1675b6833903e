import { describe, expect, it } from 'vitest'
import { retentionDays } from '#app/content/legal/retention.ts'
import { loadConfig } from '#server/config.ts'
import { defaultRetentionPeriods, retentionPeriods } from './periods.ts'

describe('retention periods', () => {
  it('are by default the ones the Privacy Policy states', () => {
    expect(defaultRetentionPeriods).toEqual({
      mailDays: retentionDays.mail,
      jobApplicationDays: retentionDays.jobApplications,
      contactMessageDays: retentionDays.contactMessages,
      demoDays: retentionDays.demo,
      sandboxAccountDays: retentionDays.sandboxAccounts,
    })
    // The settings' defaults are written in server/config.ts: they must agree.
    expect(retentionPeriods(loadConfig({}))).toEqual(defaultRetentionPeriods)
  })

  it('keep contact messages as long as job applications, whatever that is set to', () => {
    const periods = retentionPeriods(
      loadConfig({ RETENTION_APPLICATION_DAYS: '90', RETENTION_MAIL_DAYS: '7' }),
    )
    expect(periods).toMatchObject({ contactMessageDays: 90, jobApplicationDays: 90, mailDays: 7 })
    expect(retentionDays.contactMessages).toBe(retentionDays.jobApplications)
  })
})
