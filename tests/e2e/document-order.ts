import { expect, type Locator } from '@playwright/test'

/** Asserts that each locator resolves to one element and that they appear in this order in the page. */
export async function expectInDocumentOrder(locators: Locator[]) {
  const first = locators[0]
  if (!first) return
  const handles = await Promise.all(
    locators.map(async (locator) => {
      await expect(locator).toHaveCount(1)
      return locator.elementHandle()
    }),
  )
  const outOfOrder = await first
    .page()
    .evaluate(
      (elements) =>
        elements.findIndex(
          (element, index) =>
            index > 0 &&
            !(
              elements[index - 1]!.compareDocumentPosition(element!) &
              Node.DOCUMENT_POSITION_FOLLOWING
            ),
        ),
      handles,
    )
  expect(outOfOrder, 'index of the first element found before its predecessor').toBe(-1)
}
