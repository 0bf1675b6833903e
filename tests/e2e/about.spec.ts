import {
  aboutCallToAction,
  aboutFeatures,
  aboutIntro,
  fundamentalIdeas,
  startStory,
  visionMission,
} from '#app/content/about.ts'
import { expectInDocumentOrder } from './document-order.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.describe('About page', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/about')
  })

  test('shows banner, introduction, vision and mission, story, features, call to action and ideas in order', async ({
    page,
  }) => {
    const main = page.locator('main')
    await expect(main.locator('h1')).toHaveText('About Us')
    await expect(main.locator('h2')).toHaveText([
      aboutIntro.heading,
      visionMission.heading,
      startStory.heading,
      aboutFeatures.heading,
      aboutCallToAction.heading,
      fundamentalIdeas.heading,
    ])
    const heading = (name: string) => main.getByRole('heading', { name, exact: true })
    await expectInDocumentOrder([
      heading('About Us'),
      heading(aboutIntro.heading),
      heading(visionMission.vision.title),
      heading(visionMission.mission.title),
      heading(startStory.heading),
      ...aboutFeatures.items.map((feature) => heading(feature.title)),
      main.getByRole('link', { name: /^Sign Up/ }),
      main.getByRole('link', { name: aboutCallToAction.contactLabel, exact: true }),
      ...fundamentalIdeas.items.map((idea) => heading(idea.title)),
    ])
    await expect(main.locator('.about-idea')).toHaveCount(3)
    await expect(main.locator('.about-timeline li')).toHaveCount(startStory.milestones.length)
  })

  test('Sign Up opens the merchant portal in a new tab and says so', async ({ page }) => {
    const signUp = page.locator('main').getByRole('link', { name: /^Sign Up/ })
    await expect(signUp).toHaveAccessibleName('Sign Up (opens in a new tab)')
    await expect(signUp).toHaveAttribute('href', /^https?:\/\/.+\/signup$/)
    await expect(signUp).toHaveAttribute('target', '_blank')
    await expect(signUp).toHaveAttribute('rel', /noopener/)
  })

  test('Contact Us leads to the contact page', async ({ page }) => {
    await page
      .locator('main')
      .getByRole('link', { name: aboutCallToAction.contactLabel, exact: true })
      .click()
    await expect(page).toHaveURL(/\/contact$/)
  })

  test('illustrations are decorative inline SVG', async ({ page }) => {
    const images = page.locator('main svg')
    expect(await images.count()).toBeGreaterThan(0)
    for (const svg of await images.all()) await expect(svg).toHaveAttribute('aria-hidden', 'true')
    await expect(page.locator('main img')).toHaveCount(0)
  })
})
