import { useActionData, useLoaderData } from 'react-router'
import { ContactDetails } from '#app/components/contact/ContactDetails.tsx'
import { ContactLayout } from '#app/components/contact/ContactLayout.tsx'
import { OfficeMap } from '#app/components/contact/OfficeMap.tsx'
import { ContactForm } from '#app/components/forms/ContactForm.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { contact } from '#core/brand/brand.ts'
import { contactPage } from '#app/content/contact-page.ts'
import { formPageAction, formPageLoader } from '#app/utils/form-post.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import { pageMeta } from '#app/utils/meta.ts'
import type { Route } from './+types/contact'

export const meta = () => pageMeta('/contact')

export const loader = ({ request }: Route.LoaderArgs) => formPageLoader(request, 'contact')
export const action = ({ context }: Route.ActionArgs) => formPageAction(context, 'contact')
export const headers = routeHeaders

export default function ContactPage() {
  // Hooks rather than props: the page renders the same outside the framework's build (tests).
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { details, form, map } = contactPage
  return (
    <>
      <PageBanner title={contactPage.title} intro={contactPage.intro} />
      <section className="section">
        <div className="container">
          <ContactLayout
            aside={
              <>
                <h2>{details.heading}</h2>
                <p>{details.text}</p>
                <ContactDetails
                  labels={{
                    address: details.addressLabel,
                    email: details.emailLabel,
                    phone: details.phoneLabel,
                    hours: details.hoursLabel,
                    social: details.socialLabel,
                  }}
                  address={contact.address.lines}
                  email={contact.email}
                  phones={contact.phones}
                  hours={contact.hours}
                />
              </>
            }
          >
            <h2 id="contact-form-heading">{form.heading}</h2>
            <p>{form.text}</p>
            <ContactForm
              labelledBy="contact-form-heading"
              page={{ sent: loaderData.sent, post: actionData }}
            />
          </ContactLayout>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="office-map-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="office-map-heading">{map.heading}</h2>
            <p className="lead">{map.text}</p>
          </div>
          <OfficeMap />
        </div>
      </section>
    </>
  )
}
