import { useActionData, useLoaderData } from 'react-router'
import { CareerContactPanel } from '#app/components/contact/CareerContactPanel.tsx'
import { ContactLayout } from '#app/components/contact/ContactLayout.tsx'
import { CareerForm } from '#app/components/forms/CareerForm.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { careerFormPage } from '#app/content/career-form-page.ts'
import { formPageAction, formPageLoader } from '#app/utils/form-post.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import { pageMeta } from '#app/utils/meta.ts'
import type { Route } from './+types/career-form'

export const meta = () => pageMeta('/career-form')

export const loader = ({ request }: Route.LoaderArgs) => formPageLoader(request, 'career')
export const action = ({ context }: Route.ActionArgs) => formPageAction(context, 'career')
export const headers = routeHeaders

export default function CareerFormPage() {
  // Hooks rather than props: the page renders the same outside the framework's build (tests).
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
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
            <CareerForm
              labelledBy="career-form-heading"
              page={{ sent: loaderData.sent, post: actionData }}
            />
          </ContactLayout>
        </div>
      </section>
    </>
  )
}
