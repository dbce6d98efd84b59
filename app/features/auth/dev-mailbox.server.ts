// The development mailbox: what the embedded reference provider "sent" (its outbox), so sign-up,
// verification and reset links can be followed on a machine without e-mail.
import { DEV_API } from '~/../common/contract/dev-endpoints'
import { isRecord } from '~/platform/provider-errors'
import { createProviderClient } from '~/platform/provider-client.server'

export type MailboxMessage = { id: number | string; to: string; subject: string; text: string; links: string[]; createdAt: string }

/**
 * Only with the embedded provider, never in production (its dev endpoints are off there), and only
 * for a request from this machine: the mailbox shows password-reset links.
 */
export function isDevMailboxEnabled(context: { fromLoopback?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BARICARE_EMBEDDED_PROVIDER === '1' && env.NODE_ENV !== 'production' && context.fromLoopback === true
}

export async function readDevOutbox(request: Request): Promise<{ messages: MailboxMessage[]; error: string | null }> {
  const api = await createProviderClient(request)
  const result = await api.call(DEV_API.outbox)
  if (!result.ok) return { messages: [], error: result.message }
  const messages = result.content.filter(isRecord).map(
    (row): MailboxMessage => ({
      id: typeof row.id === 'number' || typeof row.id === 'string' ? row.id : String(row.created_at),
      to: String(row.to ?? ''),
      subject: String(row.subject ?? ''),
      text: String(row.text ?? ''),
      links: Array.isArray(row.links) ? row.links.filter((l): l is string => typeof l === 'string') : [],
      createdAt: String(row.created_at ?? ''),
    }),
  )
  // Newest first, whatever order the provider used.
  messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id))
  return { messages, error: null }
}
