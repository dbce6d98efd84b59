import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { ChunkReload, InlineScript } from '~/features/shell/chunk-reload'
import { ErrorScreen } from '~/features/shell/error-screen'
import { NotFoundScreen } from '~/features/shell/not-found-screen'
import { Toaster } from '~/features/shell/toaster'
import { rootLoader } from '~/platform/root-data.server'
import { useNonce } from '~/platform/nonce'
import { chunkReloadScript, themeBootScript } from '~/features/shell/head-scripts.server'
import tailwindHref from '~/styles/tailwind.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwindHref },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
]

export const loader = ({ request }: LoaderFunctionArgs) => rootLoader(request)

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en" className="no-js" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Runs before first paint: sets the theme class so there is no flash of the wrong theme. */}
        <InlineScript nonce={nonce} code={themeBootScript} />
        <ChunkReload nonce={nonce} script={chunkReloadScript} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>
}

export default function App() {
  const { toasts } = useLoaderData<typeof loader>()
  return (
    <>
      <Outlet />
      <Toaster flash={toasts} />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen />
  }
  return (
    <>
      <ErrorScreen />
      {data ? <Toaster flash={data.toasts} /> : null}
    </>
  )
}
