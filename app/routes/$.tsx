import type { MetaFunction } from '@remix-run/node'
import { NotFoundScreen } from '~/features/shell/not-found-screen'
import { pageTitle } from '~/features/shell/screen-kit'

// Every unknown path: throw a 404 so the status is right and the root boundary renders the screen.
export const loader = () => {
  throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = ({ matches }) => pageTitle('Page Not Found', matches)

export default function CatchAll() {
  return <NotFoundScreen />
}

export function ErrorBoundary() {
  return <NotFoundScreen />
}
