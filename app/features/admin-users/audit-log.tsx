import { Form, Link } from '@remix-run/react'
import { PageLinks } from '~/components/ui/page-links'
import { Button, buttonVariants } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditHref,
  describeAuditEvent,
  formatAuditTime,
  hasAuditFilters,
  isAuditAction,
  type AuditFilters,
  type AuditPage,
} from './audit'
import { timeZoneAbbreviation } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'
import { DataTable, Td, Th } from '~/components/ui/data-table'
import { NativeSelect } from '~/components/ui/native-select'

/** A GET form: the filters live in the URL, so they work without JavaScript and can be shared. */
function AuditFiltersForm({ filters }: { filters: AuditFilters }) {
  return (
    <Form method="get" className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[12rem_1fr_10rem_10rem_auto] lg:items-end" aria-label="Audit log filters">
      <input type="hidden" name="tab" value="audit" />
      <div className="grid gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <NativeSelect id="audit-action" name="action" defaultValue={filters.action ?? ''} key={filters.action ?? ''}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-actor">Actor e-mail</Label>
        <Input id="audit-actor" name="actor" type="search" defaultValue={filters.actor} key={filters.actor} placeholder="Part of an e-mail" maxLength={254} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} key={filters.from ?? ''} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} key={filters.to ?? ''} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Apply filters</Button>
        {hasAuditFilters(filters) ? (
          <Link to="/admin/users?tab=audit" className={buttonVariants({ variant: 'outline' })}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function Pagination({ filters, audit }: { filters: AuditFilters; audit: AuditPage }) {
  const page = Math.min(audit.page, audit.pages)
  return (
    <PageLinks
      label="Audit log pages"
      summary={`Page ${page} of ${audit.pages} · ${audit.total} ${audit.total === 1 ? 'event' : 'events'}`}
      previous={audit.page > 1 ? auditHref(filters, Math.min(audit.page - 1, audit.pages)) : null}
      next={audit.page < audit.pages ? auditHref(filters, audit.page + 1) : null}
    />
  )
}

export function AuditLog({ filters, audit }: { filters: AuditFilters; audit: AuditPage | null }) {
  const zone = useClinicTimeZone()
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Audit log
        </h2>
        <p className="text-sm text-muted-foreground">
          Admin sign-ins, patient record views, exports and changes to admins, newest first. Times are the clinic&apos;s ({zone.replace(/_/g, ' ')}, {timeZoneAbbreviation(zone)}).
        </p>
      </div>
      <AuditFiltersForm filters={filters} />
      {audit ? (
        <>
          <DataTable caption="Audit events" captionHidden>
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Actor</Th>
                <Th>Action</Th>
                <Th>Subject</Th>
                <Th>Details</Th>
              </tr>
            </thead>
            <tbody>
              {audit.events.length === 0 ? (
                <tr>
                  <Td className="py-8 text-center text-muted-foreground" colSpan={5}>
                    No events match these filters.
                  </Td>
                </tr>
              ) : (
                audit.events.map((event) => (
                  <tr key={event.id} data-audit-action={event.action}>
                    {/* Date and time on one line, e-mails whole where they fit (a bare `anywhere` let the
                        table squeeze 'super@baricare.test' onto two lines at 1280 px). */}
                    <Td className="whitespace-nowrap">
                      <time dateTime={event.at}>{formatAuditTime(event.at, zone)}</time>
                    </Td>
                    <Td className="min-w-[12rem] [overflow-wrap:anywhere]">{event.actor_email}</Td>
                    <Td className="min-w-[8rem]">{isAuditAction(event.action) ? AUDIT_ACTION_LABELS[event.action] : event.action}</Td>
                    <Td className="min-w-[12rem] [overflow-wrap:anywhere]">{event.target_email ?? (event.target_account_id ? `Account #${event.target_account_id}` : '—')}</Td>
                    <Td className="min-w-[12rem]">{describeAuditEvent(event) || '—'}</Td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
          <Pagination filters={filters} audit={audit} />
        </>
      ) : null}
    </section>
  )
}
