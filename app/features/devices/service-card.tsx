// One health-data service: its status, what it shares, when it last synced, and what can be done
// (Connect, Sync now, Reconnect, Disconnect). Every action is a plain form or link.
import { Form, Link, useNavigation } from '@remix-run/react'
import { AlertTriangle, Cloud, Link2, RefreshCw, Unlink } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button, buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import { CONNECT_DEVICES_PATH, dataTypeLabel, listLabel, type ServiceView } from './devices'
import { DisconnectConfirm } from './disconnect-confirm'
import { StatusBadge } from './status-badge'
import { SyncedTime } from './synced-time'

export function ServiceCard({ service, confirming }: { service: ServiceView; confirming: boolean }) {
  const titleId = `service-${service.service}-title`
  const notImported = service.data_types.filter((type) => !service.imported_types.includes(type))
  const linked = service.status !== 'not_connected'
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`service-${service.service}`}
      className={cn(
        'flex flex-col gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm',
        service.status === 'needs_attention' ? 'border-destructive/60' : 'border-border',
        !service.available && !linked && 'bg-muted/40',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Cloud className="h-5 w-5" aria-hidden />
          </span>
          <h3 id={titleId} className="text-base font-semibold">
            {service.service_name}
          </h3>
        </div>
        <StatusBadge status={service.status} />
      </header>

      <dl className="grid gap-2 text-sm">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-muted-foreground">Shares</dt>
          <dd className="font-medium">{listLabel(service.data_types.map(dataTypeLabel))}</dd>
        </div>
        {linked ? (
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted-foreground">Last synced</dt>
            <dd className="font-medium">
              {service.synced ? <SyncedTime time={service.synced} /> : 'Not yet'}
            </dd>
          </div>
        ) : null}
      </dl>
      {notImported.length > 0 && (service.available || linked) ? (
        <p className="text-xs text-muted-foreground">
          {listLabel(notImported.map(dataTypeLabel))} {notImported.length === 1 ? 'is' : 'are'} shared but not
          added to your log: the log has no {notImported.map((type) => type.toLowerCase()).join(' or ')}{' '}
          entries yet.
        </p>
      ) : null}

      {service.status === 'not_connected' && !service.available ? (
        <p className="text-sm text-muted-foreground" data-testid="availability-note">
          {service.availability_note ?? `Your clinic hasn't set up ${service.service_name} yet.`}
        </p>
      ) : null}

      {service.status === 'needs_attention' ? (
        <Alert variant="destructive" data-testid="connection-problem">
          <AlertTriangle className="h-4 w-4" aria-hidden />
          <AlertTitle>Syncing stopped</AlertTitle>
          <AlertDescription>
            <p>{service.last_error ?? `${service.service_name} did not accept our last sync.`}</p>
            <p>Reconnect to allow access again; your imported readings stay as they are.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {linked || service.available ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {service.status === 'not_connected' && service.available ? (
            <ConnectForm service={service} label={`Connect ${service.service_name}`} />
          ) : null}
          {service.status === 'connected' ? <SyncForm service={service} /> : null}
          {service.status === 'needs_attention' ? <ConnectForm service={service} label="Reconnect" /> : null}
          {linked && !confirming ? (
            <Link
              to={`${CONNECT_DEVICES_PATH}?disconnect=${encodeURIComponent(service.service)}#${titleId}`}
              preventScrollReset
              className={buttonVariants({ variant: 'outline' })}
              aria-describedby={titleId}
            >
              <Unlink aria-hidden />
              Disconnect
            </Link>
          ) : null}
        </div>
      ) : null}
      {confirming ? <DisconnectConfirm service={service.service} serviceName={service.service_name} /> : null}
    </article>
  )
}

function Hidden({ service, intent }: { service: ServiceView; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="service" value={service.service} />
      <input type="hidden" name="service_name" value={service.service_name} />
    </>
  )
}

function ConnectForm({ service, label }: { service: ServiceView; label: string }) {
  // A full page load: the next stop is the service's own consent page, usually on another site.
  return (
    <Form method="post" action={CONNECT_DEVICES_PATH} reloadDocument>
      <Hidden service={service} intent="connect" />
      <Button type="submit" aria-describedby={`service-${service.service}-title`}>
        <Link2 aria-hidden />
        {label}
      </Button>
    </Form>
  )
}

function SyncForm({ service }: { service: ServiceView }) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'sync' &&
    navigation.formData.get('service') === service.service
  return (
    <Form method="post" action={CONNECT_DEVICES_PATH} preventScrollReset>
      <Hidden service={service} intent="sync" />
      <Button type="submit" disabled={busy} aria-describedby={`service-${service.service}-title`}>
        <RefreshCw className={cn(busy && 'animate-spin')} aria-hidden />
        {busy ? 'Syncing...' : 'Sync now'}
      </Button>
    </Form>
  )
}
