import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ShieldCheck } from 'lucide-react'
import { PhoneApps } from '~/features/devices/phone-apps'
import { ServiceCard } from '~/features/devices/service-card'
import { PageHeader } from '~/components/ui/page-header'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { LoadFailed } from '~/components/ui/load-failed'
import { isNotOfferedSentence } from '~/platform/extensions'
import { CONNECT_DEVICES_PATH } from '~/features/devices/devices'
import { connectDevicesAction, loadConnectDevices } from '~/features/devices/devices.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireOnboardedCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Connect Devices', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadConnectDevices(await requireOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => connectDevicesAction(await requireOnboardedCustomer(request))

export default function ConnectDevices() {
  const { services, loadError, phone, confirmDisconnect } = useLoaderData<typeof loader>()
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Connect Devices"
        description="Link a health-data account so your weight and sleep arrive in your log on their own."
      />
      <section aria-labelledby="accounts-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="accounts-heading" className="text-lg font-semibold">
            Health-data accounts
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Cloud accounts such as Withings, Fitbit / Google Health and Garmin connect from here: you sign in
            on the service’s own page and allow BariCare to read your data. You can sync or disconnect at any
            time.
          </p>
        </div>
        {loadError && isNotOfferedSentence(loadError) ? (
          <LoadFailed title="" message={loadError} />
        ) : loadError ? (
          <Alert variant="destructive">
            <AlertTitle>We couldn’t load your connections</AlertTitle>
            <AlertDescription>
              <p>{loadError}</p>
              <Link
                to={CONNECT_DEVICES_PATH}
                reloadDocument
                className="mt-2 inline-block font-medium underline underline-offset-4"
              >
                Try again
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          {services.map((service) => (
            <ServiceCard
              key={service.service}
              service={service}
              confirming={confirmDisconnect === service.service}
            />
          ))}
        </div>
      </section>
      <PhoneApps phone={phone} />
      <section
        aria-labelledby="rules-heading"
        className="grid gap-2 rounded-lg border border-dashed border-border p-5 text-sm"
      >
        <div className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
          <h2 id="rules-heading" className="text-lg font-semibold">
            What syncing does with your log
          </h2>
        </div>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          <li>
            Imported readings appear in Log Data and Health Trends, marked with the service they came from.
          </li>
          <li>
            A reading never replaces an entry you logged yourself: on a day you logged your weight or sleep,
            that day’s imported reading is skipped.
          </li>
          <li>If you edit an imported reading, it becomes your own entry.</li>
          <li>When you disconnect, you choose whether the imported readings stay or are deleted.</li>
        </ul>
      </section>
    </div>
  )
}
