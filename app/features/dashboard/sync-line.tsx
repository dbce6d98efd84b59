// The dashboard's one line about syncing: when the last sync was (stale after 48 hours), a
// connection that needs attention, or an invitation to connect. Always links to Connect Devices.
import { Link } from '@remix-run/react'
import { SyncedTime } from '~/features/devices/synced-time'
import { cn } from '~/platform/cn'
import { CONNECT_DEVICES_PATH, syncLineText, type SyncLine } from '~/features/devices/devices'

export function SyncLineText({ line }: { line: SyncLine }) {
  const warn = line.kind === 'stale' || line.kind === 'attention'
  const action =
    line.kind === 'none' ? 'Connect a device' : line.kind === 'attention' ? 'Reconnect' : 'Manage connections'
  return (
    <p
      className={cn('text-sm', warn ? 'font-medium text-foreground' : 'text-muted-foreground')}
      data-testid="sync-line"
    >
      {line.kind === 'fresh' ? (
        <>
          {/* The full stop stays with the time (an inline-block) instead of starting a line. */}
          Last synced{' '}
          <span className="whitespace-nowrap">
            <SyncedTime time={line.time} />.
          </span>
        </>
      ) : (
        syncLineText(line)
      )}
      {line.kind === 'not-offered' ? null : (
        <>
          {' '}
          <Link to={CONNECT_DEVICES_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
            {action}
          </Link>
        </>
      )}
    </p>
  )
}
