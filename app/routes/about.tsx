import { PageBanner } from '#app/components/PageBanner.tsx'
import { AboutCallToAction } from '#app/components/about/AboutCallToAction.tsx'
import { AboutIntro } from '#app/components/about/AboutIntro.tsx'
import { FeatureList } from '#app/components/about/FeatureList.tsx'
import { FundamentalIdeas } from '#app/components/about/FundamentalIdeas.tsx'
import { StartStory } from '#app/components/about/StartStory.tsx'
import { VisionMission } from '#app/components/about/VisionMission.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/about')

export default function AboutPage() {
  return (
    <>
      <PageBanner title="About Us" />
      <AboutIntro />
      <VisionMission />
      <StartStory />
      <FeatureList />
      <AboutCallToAction />
      <FundamentalIdeas />
    </>
  )
}
