import { redirect } from 'react-router'

/** docs/product.md#routes-and-screens: any path that is not a screen of the site goes to the home page. */
export function loader() {
  return redirect('/')
}

export default function NotFound() {
  return null
}
