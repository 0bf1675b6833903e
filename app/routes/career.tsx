import { PageBanner } from '#app/components/PageBanner.tsx'
import { CareerTracks } from '#app/components/career/CareerTracks.tsx'
import { CareersIntro } from '#app/components/career/CareersIntro.tsx'
import { HiringProcess } from '#app/components/career/HiringProcess.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/career')

export default function CareerPage() {
  return (
    <>
      <PageBanner title="Careers" />
      <CareersIntro />
      <CareerTracks />
      <HiringProcess />
    </>
  )
}
