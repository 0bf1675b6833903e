import { brand, contact } from '#core/brand/brand.ts'

/** The Careers page (docs/product.md#page-careers): an introduction, the two openings cards and how we hire. */

export interface CareerTrack {
  /** Stable id, used for heading ids. */
  id: string
  title: string
  tagline: string
  description: string
  lookFor: string[]
  applyLabel: string
  applyHref: string
}

export interface HiringStep {
  title: string
  text: string
}

export const careerApplyHref = '/career-form'

export const careersIntro = {
  eyebrow: `Working at ${brand.name}`,
  heading: 'Build the payment rails that Indian businesses run on',
  paragraphs: [
    `Every working day, shops, schools, hospitals and startups trust ${brand.name} to collect their money and settle it on time. The people behind that are a small team of engineers, risk analysts, support specialists and sales people in Ghaziabad who care a great deal about getting the details right.`,
    'You will own real problems from your first month: a bank integration, a reconciliation report, a merchant who needs help going live. We pair new colleagues with a mentor, keep teams small, and explain the why behind every decision.',
  ],
  perks: [
    'Health insurance for you, your spouse, children and parents',
    'Learning budget for courses, books and certifications',
    'Five-day week with flexible hours around core time',
    'Performance bonus and an annual salary review',
  ],
} as const

export const careerTracksSection = {
  eyebrow: 'Open roles',
  heading: 'Find your place on the team',
  lead: 'We hire all year round. Pick the track that fits you and send us your resume; we reply to every application.',
} as const

export const careerTracks: CareerTrack[] = [
  {
    id: 'freshers',
    title: 'Freshers / Interns',
    tagline: 'Graduates and students',
    description:
      'Start your career on production systems that move real money. Six-month internships and graduate roles in engineering, quality assurance, merchant support, operations and finance, with a mentor from day one.',
    lookFor: [
      'A degree in progress or completed in 2024 or later: B.Tech, BCA, MCA, B.Com, BBA or similar',
      'Sound basics in your field, and the habit of checking your own work',
      'Curiosity about how UPI, cards and banks actually work',
      'Clear written and spoken English or Hindi',
    ],
    applyLabel: 'Apply Now',
    applyHref: careerApplyHref,
  },
  {
    id: 'experienced',
    title: 'Experienced / Professionals',
    tagline: 'Two years and more',
    description:
      'Lead the work that keeps payments flowing: backend and platform engineering, risk and fraud, compliance, bank partnerships, enterprise sales and key account management.',
    lookFor: [
      'Two or more years in fintech, banking, payments or a product company',
      'Ownership of something in production you can talk about in detail',
      'Working knowledge of RBI guidelines for your area, or the will to learn them fast',
      'Care for merchants and for colleagues you will mentor',
    ],
    applyLabel: 'Apply Now',
    applyHref: careerApplyHref,
  },
]

export const hiringProcess = {
  heading: 'How we hire',
  steps: [
    {
      title: 'Apply',
      text: 'Send your resume through the application form. A person, not a filter, reads it.',
    },
    {
      title: 'Introductory call',
      text: 'A 30-minute conversation with the hiring manager about the role and what you want next.',
    },
    {
      title: 'Skills conversation',
      text: 'A practical exercise close to the real work, discussed with two future colleagues.',
    },
    {
      title: 'Offer',
      text: 'We decide within a week of your last conversation and tell you why either way.',
    },
  ] satisfies HiringStep[],
  contactPrompt: 'Questions about a role? Write to',
  hrEmail: contact.hrEmail,
} as const
