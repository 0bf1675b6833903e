import { CheckoutShowcase } from '#app/components/home/CheckoutShowcase.tsx'
import { ExperienceSection } from '#app/components/home/ExperienceSection.tsx'
import { FeaturesSection } from '#app/components/home/FeaturesSection.tsx'
import { HeroSection } from '#app/components/home/HeroSection.tsx'
import { HomeServicesSection } from '#app/components/home/HomeServicesSection.tsx'
import { IntegrationsSection } from '#app/components/home/IntegrationsSection.tsx'
import { LaunchPopup } from '#app/components/home/LaunchPopup.tsx'
import type { PageHandle } from '#app/enhance/modules.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/')

export const handle: PageHandle = { enhancements: ['launchPopup', 'percentCircles', 'kitList'] }

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <ExperienceSection />
      <IntegrationsSection />
      <FeaturesSection />
      <CheckoutShowcase />
      <HomeServicesSection />
      {/* Last in the page: its h2 follows the page's other headings; it shows in the top layer. */}
      <LaunchPopup />
    </>
  )
}
