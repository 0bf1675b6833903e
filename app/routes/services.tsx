import { PageBanner } from '#app/components/PageBanner.tsx'
import { ServiceBoxes } from '#app/components/services/ServiceBoxes.tsx'
import { WhyChooseUs } from '#app/components/services/WhyChooseUs.tsx'
import { services, servicesIntro } from '#app/content/services.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/services')

export default function ServicesPage() {
  return (
    <>
      <PageBanner title="Services" intro={servicesIntro.bannerIntro} />
      <section className="section" aria-labelledby="services-all">
        <div className="container">
          <div className="section-head">
            <span className="eyebrow">{servicesIntro.eyebrow}</span>
            <h2 id="services-all">{servicesIntro.title}</h2>
            <p className="lead">{servicesIntro.text}</p>
          </div>
          <ServiceBoxes services={services} />
        </div>
      </section>
      <WhyChooseUs />
    </>
  )
}
