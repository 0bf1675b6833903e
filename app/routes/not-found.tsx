import { redirect } from 'react-router'

/** SPEC §2: any path that is not a screen of the site goes to the home page. */
export function loader() {
  return redirect('/')
}

export default function NotFound() {
  return null
}
