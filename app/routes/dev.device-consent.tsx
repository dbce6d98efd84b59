// The simulated health-data service's consent page ("Demo Health"), development only. A real
// service shows this on its own site; the reference provider has no pages, so we draw it from the
// provider's __dev/ answers. Allow and Deny are plain forms that post back to this route.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { FlaskConical, ShieldCheck } from 'lucide-react'
import { ThemeToggle } from '~/features/shell/theme-toggle'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button, buttonVariants } from '~/components/ui/button'
import { isDevMailboxEnabled } from '~/features/auth/dev-mailbox.server'
import { CONNECT_DEVICES_PATH, dataTypeLabel } from '~/features/devices/devices'
import { devConsentAction, loadDevConsent } from '~/features/devices/devices.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => [
  ...pageTitle('Allow access — Demo Health', matches),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Same switch as the development mailbox: the embedded provider, never production, loopback only.
  if (!isDevMailboxEnabled(context)) throw new Response('Not Found', { status: 404 })
  return loadDevConsent(request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isDevMailboxEnabled(context)) throw new Response('Not Found', { status: 404 })
  return devConsentAction(request)
}

export default function DeviceConsent() {
  const { state, consent, error } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const problem = answer?.error ?? error
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <span className="flex items-center gap-2 whitespace-nowrap font-semibold">
          <span
            aria-hidden
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground"
          >
            DH
          </span>
          Demo Health
        </span>
        <ThemeToggle />
      </header>
      <main className="mx-auto grid max-w-md gap-4 px-4 pb-12 pt-4">
        <p className="flex items-start gap-2 rounded-md border border-dashed border-border bg-card p-3 text-xs text-muted-foreground">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Simulation: this page stands in for a health-data service’s consent screen. It is served only in
          development, and no real account is contacted.
        </p>
        <div className="grid gap-5 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
          {consent ? (
            <>
              <div className="grid gap-1">
                <h1 className="text-xl font-semibold tracking-tight">
                  Allow BariCare to read your {consent.service_name} data?
                </h1>
                <p className="text-sm text-muted-foreground">
                  Signed in to {consent.service_name} as{' '}
                  <span className="break-all font-medium text-foreground">{consent.email}</span>.
                </p>
              </div>
              <div className="grid gap-2">
                <h2 className="text-sm font-medium">BariCare will be able to read</h2>
                <ul className="grid gap-1 text-sm">
                  {consent.data_types.map((type) => (
                    <li key={type} className="flex items-center gap-2">
                      <ShieldCheck className="h-4 w-4 text-primary" aria-hidden />
                      {dataTypeLabel(type)}
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">
                  Read only. You can withdraw access at any time from BariCare’s Connect Devices page.
                </p>
              </div>
              {problem ? (
                <Alert variant="destructive">
                  <AlertDescription>{problem}</AlertDescription>
                </Alert>
              ) : null}
              {/* A full page load: the answer goes back to the site that asked, as a real service would send it. */}
              <Form method="post" reloadDocument className="flex flex-wrap gap-2">
                <input type="hidden" name="state" value={state} />
                <Button type="submit" name="decision" value="allow">
                  Allow
                </Button>
                <Button type="submit" name="decision" value="deny" variant="outline">
                  Deny
                </Button>
              </Form>
            </>
          ) : (
            <Alert variant="destructive">
              <AlertTitle>This request can’t be answered</AlertTitle>
              <AlertDescription>
                <p>{problem}</p>
                <a href={CONNECT_DEVICES_PATH} className={`${buttonVariants({ variant: 'outline' })} mt-3`}>
                  Back to BariCare
                </a>
              </AlertDescription>
            </Alert>
          )}
        </div>
      </main>
    </div>
  )
}
