import { Form, Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { confirmDeactivateHref, confirmMfaResetHref, STATUS_LABELS, USERS_PATH, type AdminListItem, type AdminStatus } from './admin-users'
import { formatAuditTime } from './audit'
import { cn } from '~/platform/cn'
import { ADMIN_ROLES } from '~/platform/roles'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'
import { DataTable, Td, Th } from '~/components/ui/data-table'
import { NativeSelect } from '~/components/ui/native-select'

const STATUS_STYLES: Record<AdminStatus, string> = {
  active: 'border-success/40 bg-success/10 text-foreground',
  invited: 'border-primary/40 bg-primary/10 text-foreground',
  deactivated: 'border-border bg-muted text-muted-foreground',
}

function StatusBadge({ status }: { status: AdminStatus }) {
  return (
    <span className={cn('inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_STYLES[status])}>
      {STATUS_LABELS[status]}
    </span>
  )
}

const displayName = (admin: AdminListItem) => admin.full_name || admin.email

/** The hidden fields every row action sends: who, and their name for the confirmation toast. */
function Target({ admin }: { admin: AdminListItem }) {
  return (
    <>
      <input type="hidden" name="id" value={admin.id} />
      <input type="hidden" name="name" value={displayName(admin)} />
    </>
  )
}

/** The role, changeable in place (not for oneself, nor for a deactivated admin). */
function RoleCell({ admin, editable }: { admin: AdminListItem; editable: boolean }) {
  if (!editable || admin.status === 'deactivated') return <span className="whitespace-nowrap">{admin.role ?? 'No role'}</span>
  const name = displayName(admin)
  const roleId = `role-${admin.id}`
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <Target admin={admin} />
      <label htmlFor={roleId} className="sr-only">
        Role for {name}
      </label>
      <NativeSelect key={admin.role} id={roleId} name="role" defaultValue={admin.role ?? undefined} className="h-9 w-40">
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="outline" size="sm" aria-label={`Save role for ${name}`}>
        Save role
      </Button>
    </Form>
  )
}

function RowActions({ admin }: { admin: AdminListItem }) {
  const name = displayName(admin)
  if (admin.status === 'deactivated') {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="reactivate" />
        <Target admin={admin} />
        <Button type="submit" variant="outline" size="sm" aria-label={`Reactivate ${name}`}>
          Reactivate
        </Button>
      </Form>
    )
  }
  return (
    <div className="flex flex-col items-start gap-1">
      {admin.status === 'invited' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={admin.email} />
          <input type="hidden" name="full_name" value={admin.full_name || admin.email} />
          <input type="hidden" name="role" value={admin.role ?? ''} />
          <Button type="submit" variant="ghost" size="sm" className="-ml-3" aria-label={`Resend invitation to ${name}`}>
            Resend invitation
          </Button>
        </Form>
      ) : null}
      {admin.mfa_enabled ? (
        <Link
          to={confirmMfaResetHref(admin.id)}
          preventScrollReset
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3')}
          aria-label={`Reset two-factor authentication for ${name}`}
        >
          Reset two-factor
        </Link>
      ) : null}
      <Link
        to={confirmDeactivateHref(admin.id)}
        preventScrollReset
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3 text-destructive hover:text-destructive')}
        aria-label={`Deactivate ${name}`}
      >
        Deactivate
      </Link>
    </div>
  )
}

export function AdminsTable({ admins, me }: { admins: AdminListItem[]; me: number | null }) {
  const zone = useClinicTimeZone()
  return (
    <DataTable caption={`Admins (${admins.length})`}>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Last sign-in</Th>
          <Th>Actions</Th>
        </tr>
      </thead>
      <tbody>
        {admins.map((admin) => (
          <tr key={admin.id} data-admin-email={admin.email}>
            <Td className="min-w-[12rem]">
              <div className="font-medium">{admin.full_name || '—'}</div>
              <div className="text-muted-foreground [overflow-wrap:anywhere]">{admin.email}</div>
              {admin.status === 'invited' && admin.invited_by_email ? (
                <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">Invited by {admin.invited_by_email}</div>
              ) : null}
            </Td>
            <Td>
              <RoleCell admin={admin} editable={admin.id !== me} />
            </Td>
            <Td>
              <StatusBadge status={admin.status} />
              {admin.status === 'deactivated' ? (
                <div className="mt-1 text-xs text-muted-foreground">{formatAuditTime(admin.deactivated_at, zone)}</div>
              ) : null}
              {admin.mfa_enabled ? <div className="mt-1 whitespace-nowrap text-xs text-muted-foreground">Two-factor on</div> : null}
            </Td>
            <Td className="min-w-[8rem] text-muted-foreground">{admin.last_sign_in_at ? formatAuditTime(admin.last_sign_in_at, zone) : 'Never'}</Td>
            <Td>{admin.id === me ? <span className="text-muted-foreground">This is you</span> : <RowActions admin={admin} />}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  )
}

/**
 * A second, deliberate step before a destructive action on another admin: the heading takes
 * focus, the form posts `intent` for that admin, and Cancel goes back to the list.
 */
function ConfirmAdminAction({
  admin,
  id,
  intent,
  heading,
  consequence,
  submitLabel,
}: {
  admin: AdminListItem
  id: string
  intent: string
  heading: string
  consequence: string
  submitLabel: string
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [admin.id])
  return (
    <section aria-labelledby={id} className="rounded-lg border border-destructive/60 bg-destructive/10 p-4">
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {heading}
      </h2>
      <p className="mt-1 text-sm">
        {admin.email} {consequence}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={intent} />
        <Target admin={admin} />
        <Button type="submit" variant="destructive" className="h-auto min-h-10 whitespace-normal text-left">
          {submitLabel}
        </Button>
        <Link to={USERS_PATH} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
      </Form>
    </section>
  )
}

/** Shown for ?confirmDeactivate=<id>: a second, deliberate step before an admin loses access. */
export function ConfirmDeactivate({ admin }: { admin: AdminListItem }) {
  const name = displayName(admin)
  return (
    <ConfirmAdminAction
      admin={admin}
      id="confirm-deactivate-heading"
      intent="deactivate"
      heading={`Deactivate ${name}?`}
      consequence="is signed out at their next request and can no longer sign in. Their audit history stays. You can reactivate them later."
      submitLabel={`Deactivate ${name}`}
    />
  )
}

/** Shown for ?confirmMfaReset=<id>, before another admin's second factor is removed. */
export function ConfirmMfaReset({ admin }: { admin: AdminListItem }) {
  const name = displayName(admin)
  return (
    <ConfirmAdminAction
      admin={admin}
      id="confirm-mfa-reset-heading"
      intent="mfa_reset"
      heading={`Reset two-factor authentication for ${name}?`}
      consequence="is signed out, their authenticator app and recovery codes stop working, and they set up two-factor authentication again. Do this only when you are sure who asked for it."
      submitLabel={`Reset two-factor for ${name}`}
    />
  )
}
