import type { ComponentProps } from 'react'
import { demoCopy } from '#app/content/demo.ts'
import { ProductCard } from './ProductCard.tsx'
import { TestDataPanel } from './TestDataPanel.tsx'
import './PaymentDemoSection.css'

/** The product to pay for beside the sandbox test data: the body of the PG Hosted and Checkout Js demos. */
export function PaymentDemoSection(props: ComponentProps<typeof ProductCard>) {
  return (
    <section className="section" aria-label={demoCopy.sectionLabel}>
      <div className="container payment-demo">
        <ProductCard {...props} />
        <TestDataPanel />
      </div>
    </section>
  )
}
