// The profile's Connected tab: each linked service's status and last sync, compactly, with the way
// to Connect Devices where everything is managed.
import { Link } from '@remix-run/react'
import { CONNECT_DEVICES_PATH, type ServiceView } from './devices'
import { isNotOfferedSentence } from '~/platform/extensions'
import { StatusBadge } from './status-badge'
import { SyncedTime } from './synced-time'

export function ConnectionsSummary({
  services,
  error,
}: {
  services: ServiceView[] | null
  error: string | null
}) {
  const linked = services?.filter((service) => service.status !== 'not_connected') ?? []
  return (
    <div className="grid gap-3" data-testid="connections-summary">
      <h3 className="text-sm font-semibold">Health-data connections</h3>
      {services === null && isNotOfferedSentence(error) ? (
        <p className="text-sm text-muted-foreground">{error}</p>
      ) : services === null ? (
        <p className="text-sm text-muted-foreground" role="alert">
          We couldn’t load your connections{error ? `: ${error}` : '.'}
        </p>
      ) : linked.length === 0 ? (
        <p className="text-sm text-muted-foreground">No health-data account is connected.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {linked.map((service) => (
            <li
              key={service.service}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
            >
              <span className="grid gap-0.5">
                <span className="font-medium">{service.service_name}</span>
                <span className="text-muted-foreground">
                  {service.synced ? (
                    <>
                      Last synced <SyncedTime time={service.synced} />
                    </>
                  ) : (
                    'Not synced yet'
                  )}
                </span>
              </span>
              <StatusBadge status={service.status} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm">
        <Link
          to={CONNECT_DEVICES_PATH}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {linked.length === 0 ? 'Connect a device' : 'Manage connections in Connect Devices'}
        </Link>
      </p>
    </div>
  )
}
