import { CareerContactPanel } from '#app/components/contact/CareerContactPanel.tsx'
import { ContactLayout } from '#app/components/contact/ContactLayout.tsx'
import { CareerForm } from '#app/components/forms/CareerForm.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { careerFormPage } from '#app/content/career-form-page.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/career-form')

export default function CareerFormPage() {
  const { form } = careerFormPage
  return (
    <>
      <PageBanner
        eyebrow={careerFormPage.eyebrow}
        title={careerFormPage.title}
        intro={careerFormPage.intro}
      />
      <section className="section">
        <div className="container">
          <ContactLayout asidePosition="end" aside={<CareerContactPanel />}>
            <h2 id="career-form-heading">{form.heading}</h2>
            <p>{form.text}</p>
            <CareerForm labelledBy="career-form-heading" />
          </ContactLayout>
        </div>
      </section>
    </>
  )
}
