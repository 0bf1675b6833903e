import type { FormEvent, ReactNode } from 'react'
import { FormStatus } from '#app/components/forms/FormStatus.tsx'
import { demoCopy, demoDisplayAmount, demoPayment, demoProduct } from '#app/content/demo.ts'
import { DemoLaptop } from './DemoLaptop.tsx'
import './ProductCard.css'

interface ProductCardProps {
  /** The pay form's submit: it will carry the signed request fields as hidden inputs. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** `post`: before scripts run, Pay posts the form to the page's own action. */
  method?: 'post'
  /** Shown under Pay and its status, such as what the demo needs to work. */
  notice?: ReactNode
  /** Hidden fields of the signed request, once there is one. */
  hiddenFields?: ReactNode
  /**
   * The price as the visitor reads it: the demo's ₹1.00 unless the order is in another currency
   * (`$1.00`).
   */
  price?: string
  /** The order's own fields before Pay, under the price (the currency to pay in). */
  fields?: ReactNode
  status?: ReactNode
  busy?: boolean
}

/** The demo's "payment-details block": the laptop, its price and the Pay button. */
export function ProductCard({
  onSubmit,
  method,
  notice,
  hiddenFields,
  price = `${demoPayment.currencySymbol}${demoDisplayAmount}`,
  fields,
  status,
  busy = false,
}: ProductCardProps) {
  const copy = demoCopy.product
  return (
    <article className="payment-details card" aria-labelledby="demo-product-name">
      <div className="payment-details__art">
        <DemoLaptop label={copy.artLabel} />
      </div>
      <div className="payment-details__body">
        <span className="eyebrow">{copy.eyebrow}</span>
        <h2 id="demo-product-name" className="payment-details__name">
          {demoProduct.name}
        </h2>
        <p className="payment-details__model">{demoProduct.model}</p>
        <p className="payment-details__description">{demoProduct.description}</p>
        <dl className="payment-details__facts">
          <div>
            <dt>{copy.priceLabel}</dt>
            <dd className="payment-details__price">{price}</dd>
          </div>
          <div>
            <dt>{copy.customerLabel}</dt>
            <dd>{demoPayment.customer.name}</dd>
          </div>
        </dl>
        <form
          method={method}
          className="payment-details__form"
          onSubmit={onSubmit}
          aria-busy={busy || undefined}
        >
          {hiddenFields}
          {fields}
          <button type="submit" className="btn btn--primary payment-details__pay" disabled={busy}>
            {copy.payLabel}
          </button>
        </form>
        <FormStatus>{status}</FormStatus>
        {notice}
      </div>
    </article>
  )
}
