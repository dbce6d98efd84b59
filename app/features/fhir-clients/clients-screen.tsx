// /admin/fhir-clients: the registered client apps of the FHIR API, what a new one is to be given
// (its client id, the token URL, the FHIR base URL), and disabling one after a confirmation step.
// Server-rendered from the URL (?registered, ?confirmDisable), so it all works without JavaScript.
import { Form, Link, useLocation } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { DataTable, Td, Th } from '~/components/ui/data-table'
import { LoadFailed } from '~/components/ui/load-failed'
import { PageHeader } from '~/components/ui/page-header'
import { cn } from '~/platform/cn'
import { formatDateTimeIn } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'
import {
  confirmDisableHref,
  DISABLE_INTENT,
  FHIR_CLIENT_NEW_PAGE,
  FHIR_CLIENTS_PAGE,
  keysSummary,
  type FhirClientItem,
  type FhirClientsView,
} from './fhir-clients'

/** A value to copy into another system: monospace, wraps anywhere, selects whole on a click. */
function CopyValue({ children, testId, small = false }: { children: string; testId?: string; small?: boolean }) {
  return (
    <code
      data-testid={testId}
      className={cn('select-all rounded bg-muted px-1.5 py-0.5 font-mono [overflow-wrap:anywhere]', small ? 'text-xs' : 'text-sm')}
    >
      {children}
    </code>
  )
}

function Status({ client }: { client: FhirClientItem }) {
  const disabled = client.disabled_at !== null
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
        disabled ? 'border-border bg-muted text-muted-foreground' : 'border-success/40 bg-success/10 text-foreground',
      )}
    >
      {disabled ? 'Disabled' : 'Active'}
    </span>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

/** After a registration: what the hospital's integration team needs, ready to copy. */
function Registered({ client, fhirBaseUrl, tokenUrl }: { client: FhirClientItem; fhirBaseUrl: string; tokenUrl: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [client.id])
  return (
    <section aria-labelledby="registered-heading" className="rounded-lg border border-success/50 bg-success/10 p-4" data-testid="registered">
      <h2 id="registered-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold [overflow-wrap:anywhere] focus:outline-none">
        {client.name} is registered
      </h2>
      <p className="mt-1 text-sm">Give the hospital&apos;s integration team these three values. The client id is not secret; their private key stays with them.</p>
      <dl className="mt-3 grid gap-3">
        <Detail term="Client id">
          <CopyValue testId="registered-client-id">{client.client_id}</CopyValue>
        </Detail>
        <Detail term="Token URL">
          <CopyValue testId="registered-token-url">{tokenUrl}</CopyValue>
        </Detail>
        <Detail term="FHIR base URL">
          <CopyValue testId="registered-base-url">{fhirBaseUrl}</CopyValue>
        </Detail>
      </dl>
    </section>
  )
}

/** Shown for ?confirmDisable=<id>: a second, deliberate step before a client loses access. */
function ConfirmDisable({ client }: { client: FhirClientItem }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [client.id])
  return (
    <section aria-labelledby="confirm-disable-heading" className="rounded-lg border border-destructive/60 bg-destructive/10 p-4">
      <h2 id="confirm-disable-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold [overflow-wrap:anywhere] focus:outline-none">
        Disable {client.name}?
      </h2>
      <p className="mt-1 text-sm">
        It gets no new access token, and the tokens it holds stop working at once. This cannot be undone: to let it in again,
        register it anew (it gets a new client id).
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={DISABLE_INTENT} />
        <input type="hidden" name="id" value={client.id} />
        <input type="hidden" name="name" value={client.name} />
        <Button type="submit" variant="destructive" className="h-auto min-h-10 whitespace-normal text-left [overflow-wrap:anywhere]">
          Disable {client.name}
        </Button>
        <Link to={FHIR_CLIENTS_PAGE} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
      </Form>
    </section>
  )
}

function ClientsTable({ clients }: { clients: FhirClientItem[] }) {
  const zone = useClinicTimeZone()
  return (
    <DataTable caption={`Client apps (${clients.length})`} minWidth="min-w-[48rem]">
      <thead>
        <tr>
          <Th>Name and client id</Th>
          <Th>Public keys</Th>
          <Th>Scopes</Th>
          <Th>Status</Th>
          <Th>Registered and last used</Th>
        </tr>
      </thead>
      <tbody>
        {clients.map((client) => (
          <tr key={client.id} data-client-id={client.client_id}>
            <Td className="min-w-[11rem] max-w-[15rem]">
              <div className="font-medium [overflow-wrap:anywhere]">{client.name}</div>
              <div className="mt-1">
                <CopyValue small>{client.client_id}</CopyValue>
              </div>
            </Td>
            <Td className="min-w-[8rem] max-w-[11rem] text-muted-foreground [overflow-wrap:anywhere]">{keysSummary(client)}</Td>
            <Td>
              <ul className="grid gap-0.5">
                {client.scopes.map((scope) => (
                  <li key={scope} className="whitespace-nowrap font-mono text-xs">
                    {scope}
                  </li>
                ))}
              </ul>
            </Td>
            <Td className="min-w-[7rem]">
              <Status client={client} />
              {client.disabled_at ? (
                <div className="mt-1 text-xs text-muted-foreground">{formatDateTimeIn(client.disabled_at, zone)}</div>
              ) : (
                <div className="mt-1">
                  <Link
                    to={confirmDisableHref(client.id)}
                    preventScrollReset
                    className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3 text-destructive hover:text-destructive')}
                    aria-label={`Disable ${client.name}`}
                  >
                    Disable
                  </Link>
                </div>
              )}
            </Td>
            <Td className="min-w-[9rem] text-muted-foreground">
              <div>{formatDateTimeIn(client.created_at, zone)}</div>
              {client.created_by_email ? <div className="text-xs [overflow-wrap:anywhere]">by {client.created_by_email}</div> : null}
              <div className="mt-2">
                <span className="font-medium text-foreground">Last used: </span>
                {client.last_used_at ? formatDateTimeIn(client.last_used_at, zone) : 'Never'}
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  )
}

export function FhirClientsScreen({ view }: { view: FhirClientsView }) {
  const location = useLocation()
  const { list } = view
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title="FHIR Clients"
        description="The hospital systems that may read patients' data over the FHIR API, each with its own keys and scopes."
      >
        {list ? (
          <Link to={FHIR_CLIENT_NEW_PAGE} className={buttonVariants()}>
            <Plus className="h-4 w-4" aria-hidden />
            Register a client
          </Link>
        ) : null}
      </PageHeader>
      {view.loadError ? (
        <LoadFailed title="The FHIR clients could not be loaded" message={view.loadError} retryHref={`${location.pathname}${location.search}`} />
      ) : null}
      {list && view.registered ? <Registered client={view.registered} fhirBaseUrl={list.fhir_base_url} tokenUrl={list.token_url} /> : null}
      {view.confirmDisable ? <ConfirmDisable client={view.confirmDisable} /> : null}
      {list ? (
        list.clients.length > 0 ? (
          <ClientsTable clients={list.clients} />
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
            No client apps yet. Register one to let a hospital&apos;s EHR read data over FHIR.
          </p>
        )
      ) : null}
      {list ? (
        <p className="text-sm text-muted-foreground">
          FHIR base URL: <CopyValue>{list.fhir_base_url}</CopyValue>
        </p>
      ) : null}
    </div>
  )
}
