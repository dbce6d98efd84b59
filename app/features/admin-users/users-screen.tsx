// /admin/users (Super Admin only): tab 'Admins' (invite, change role, deactivate, reactivate) and
// tab 'Audit log'. Everything is server-rendered from the URL (?tab, ?confirmDeactivate, the audit
// filters), so every state can be reached and used without JavaScript.
import { Link, useLocation } from '@remix-run/react'
import { PageHeader } from '~/components/ui/page-header'
import type { AdminListItem, UsersTab } from './admin-users'
import type { AuditFilters, AuditPage } from './audit'
import type { FormReply } from '~/platform/form-replies.server'
import { cn } from '~/platform/cn'
import { AdminsTable, ConfirmDeactivate, ConfirmMfaReset } from './admins-table'
import { AuditLog } from './audit-log'
import { InviteForm } from './invite-form'
import { LoadFailed } from '~/components/ui/load-failed'

export type UsersView = {
  me: number | null
  tab: UsersTab
  admins: AdminListItem[] | null
  confirmDeactivate: AdminListItem | null
  confirmMfaReset?: AdminListItem | null
  filters: AuditFilters | null
  audit: AuditPage | null
  loadError: string | null
}

const TABS: { tab: UsersTab; label: string; href: string }[] = [
  { tab: 'admins', label: 'Admins', href: '/admin/users' },
  { tab: 'audit', label: 'Audit log', href: '/admin/users?tab=audit' },
]

function Tabs({ current }: { current: UsersTab }) {
  return (
    <nav aria-label="Users sections" className="border-b border-border">
      <ul className="-mb-px flex gap-1">
        {TABS.map(({ tab, label, href }) => (
          <li key={tab}>
            <Link
              to={href}
              aria-current={tab === current ? 'page' : undefined}
              className={cn(
                'inline-flex h-10 items-center rounded-t-md border-b-2 px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                tab === current
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function UsersScreen({ view, answer }: { view: UsersView; answer: FormReply | undefined }) {
  const location = useLocation()
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Users"
        description="The administrators who can use this portal, and the audit log of what they do."
      />
      <Tabs current={view.tab} />
      {view.loadError ? (
        <LoadFailed
          title="This list could not be loaded"
          message={view.loadError}
          retryHref={`${location.pathname}${location.search}`}
        />
      ) : null}
      {view.tab === 'audit' && view.filters ? (
        <AuditLog filters={view.filters} audit={view.audit} />
      ) : (
        <>
          {view.confirmDeactivate ? <ConfirmDeactivate admin={view.confirmDeactivate} /> : null}
          {view.confirmMfaReset ? <ConfirmMfaReset admin={view.confirmMfaReset} /> : null}
          <InviteForm answer={answer} formKey={location.key} />
          {view.admins ? <AdminsTable admins={view.admins} me={view.me} /> : null}
        </>
      )}
    </div>
  )
}
