// Connected devices (docs/provider-api.md "Connected devices", an extension): the services as the
// provider lists them, what the screens say about them, the "last synced" wording, the phone
// explanation keyed on the onboarding answer, and the dashboard's sync line. Pure and zod-free.
import type { DeviceSection } from '~/platform/provider-types'
import { formatDateTimeIn, isValidTimeZone } from '~/platform/formats'
import { notOfferedSentence } from '~/platform/extensions'
import type { DeviceServiceView } from '~/../common/contract/devices'
import { CONNECTION_STATUSES, isServiceKey, type ConnectionStatus } from '~/../common/contract/devices-values'

export const CONNECT_DEVICES_PATH = '/customer/connect-devices'
export const CONNECT_CALLBACK_PATH = '/customer/connect-devices/callback'

export { CONNECTION_STATUSES, isServiceKey, type ConnectionStatus }

export const STATUS_LABELS: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  not_connected: 'Not connected',
  needs_attention: 'Needs attention',
}

export const DATA_TYPE_LABELS: Record<string, string> = {
  weight: 'Weight',
  sleep: 'Sleep',
  activity: 'Activity',
}

/** One service as GET v1/auth/devices/ lists it. */
export type DeviceService = DeviceServiceView

/** A sync line is stale after this long without a sync (the dashboard then says so). */
export const STALE_AFTER_HOURS = 48

export function dataTypeLabel(type: string): string {
  return DATA_TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1)
}

/** 'Weight, sleep and activity'. */
export function listLabel(items: string[]): string {
  const words = items.map((item, index) => (index === 0 ? item : item.toLowerCase()))
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

// ---- Time ------------------------------------------------------------------------------------

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago' (from `now`). */
export function relativeTime(iso: string, now: Date): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return 'at an unknown time'
  const ago = now.getTime() - then
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${plural(Math.floor(ago / MINUTE), 'minute')} ago`
  if (ago < DAY) return `${plural(Math.floor(ago / HOUR), 'hour')} ago`
  const days = Math.floor(ago / DAY)
  return days === 1 ? 'yesterday' : `${plural(days, 'day')} ago`
}

let serverZone: string | undefined
/** This runtime's own zone, asked once: building a formatter to ask it costs more than the rest. */
function serverTimeZone(): string {
  serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return serverZone
}

/** '11/21/2026, 3:04 PM' (SPEC.md's date style) in the patient's zone when known (else the server's). */
export function exactTime(iso: string, timeZone: string | null): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : serverTimeZone()
  return formatDateTimeIn(iso, zone, { zoneName: false })
}

export type SyncedTime = { iso: string; relative: string; exact: string }

/** A service with its last sync already worded for the patient's clock. */
export type ServiceView = DeviceService & { synced: SyncedTime | null }

export function syncedTime(iso: string | null, now: Date, timeZone: string | null): SyncedTime | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null
  return { iso, relative: relativeTime(iso, now), exact: exactTime(iso, timeZone) }
}

export function isStale(iso: string, now: Date): boolean {
  return now.getTime() - Date.parse(iso) > STALE_AFTER_HOURS * HOUR
}

// ---- The dashboard's sync line ---------------------------------------------------------------

export type SyncLine =
  | { kind: 'none' }
  | { kind: 'unavailable' }
  /** The provider has no device connections at all (SPEC.md §7 alone). */
  | { kind: 'not-offered' }
  | { kind: 'attention'; serviceName: string; reason: string | null }
  | { kind: 'never'; serviceName: string }
  | { kind: 'fresh'; serviceName: string; time: SyncedTime }
  | { kind: 'stale'; serviceName: string; days: number; time: SyncedTime }

/**
 * What the dashboard says about syncing: a connection needing attention first, else the most
 * recent sync among the connected services ('Last synced 3 hours ago' or, after 48 hours,
 * 'Not synced for 3 days'), else an invitation to connect.
 */
export function syncLine(services: DeviceService[] | null, now: Date, timeZone: string | null): SyncLine {
  if (!services) return { kind: 'unavailable' }
  const attention = services.find((service) => service.status === 'needs_attention')
  if (attention)
    return { kind: 'attention', serviceName: attention.service_name, reason: attention.last_error }
  const connected = services.filter((service) => service.status === 'connected')
  if (connected.length === 0) return { kind: 'none' }
  const newest = [...connected].sort((a, b) =>
    (b.last_synced_at ?? '').localeCompare(a.last_synced_at ?? ''),
  )[0]
  const time = syncedTime(newest.last_synced_at, now, timeZone)
  if (!time) return { kind: 'never', serviceName: newest.service_name }
  if (isStale(time.iso, now)) {
    const days = Math.floor((now.getTime() - Date.parse(time.iso)) / DAY)
    return { kind: 'stale', serviceName: newest.service_name, days, time }
  }
  return { kind: 'fresh', serviceName: newest.service_name, time }
}

export function syncLineText(line: SyncLine): string {
  switch (line.kind) {
    case 'none':
      return 'No device connected yet.'
    case 'unavailable':
      return "We couldn't check your device connections."
    case 'not-offered':
      return notOfferedSentence('connected devices')
    case 'attention':
      return `${line.serviceName} needs attention${line.reason ? `: ${line.reason}` : '.'}`
    case 'never':
      return `${line.serviceName} is connected and has not synced yet.`
    case 'fresh':
      return `Last synced ${line.time.relative}.`
    case 'stale':
      return `Not synced for ${plural(line.days, 'day')} — check your connection.`
  }
}

// ---- The phone explanation (from the onboarding answer) ---------------------------------------

export type PhonePlatform = 'ios' | 'android' | null

export type PhoneAdvice = {
  platform: PhonePlatform
  /** What the patient told us, for "You told us …"; null when we know nothing. */
  wearable: string | null
}

export function phoneAdvice(device: DeviceSection | null | undefined): PhoneAdvice {
  if (!device) return { platform: null, wearable: null }
  const platform = device.wearable_os === 'ios' ? 'ios' : device.wearable_os === 'android' ? 'android' : null
  const wearable = device.has_wearable ? device.wearable_type?.trim() || null : null
  return { platform, wearable }
}

// ---- Toasts and messages ---------------------------------------------------------------------

export const DEVICE_TOASTS = {
  connected: (name: string) => `${name} connected`,
  denied: (name: string) => `${name} was not connected`,
  deniedDescription: 'You chose not to allow access, so nothing was shared.',
  refused: 'Connection refused',
  refusedDescription:
    "This connection request didn't start in this browser session, so nothing was connected. Please try again from Connect Devices.",
  synced: (name: string) => `${name} synced`,
  disconnected: (name: string) => `${name} disconnected`,
  keptDescription: 'Its imported readings stay in your log.',
  deletedDescription: (count: number) =>
    count === 0
      ? 'It had no imported readings to delete.'
      : `${count} imported ${count === 1 ? 'reading was' : 'readings were'} deleted.`,
  syncFailed: (name: string) => `${name} could not sync`,
} as const

/** 'Imported 14 weight readings and 13 nights of sleep.' */
export function importedText(imported: { weight: number; sleep: number }, skippedManual = 0): string {
  const parts: string[] = []
  if (imported.weight > 0) parts.push(plural(imported.weight, 'weight reading'))
  if (imported.sleep > 0)
    parts.push(imported.sleep === 1 ? '1 night of sleep' : `${imported.sleep} nights of sleep`)
  const main = parts.length === 0 ? 'No new readings.' : `Imported ${listLabel(parts)}.`
  if (skippedManual === 0) return main
  return `${main} ${skippedManual === 1 ? 'One day you logged yourself was' : `${skippedManual} days you logged yourself were`} left as you entered ${skippedManual === 1 ? 'it' : 'them'}.`
}
