// The patient layout's unread badge on the dashboard. A module of its own, not part of
// dashboard.server.ts: the client build replaces each server module by an empty one, and one that
// both the layout's and the dashboard's route imported would become a shared chunk of its own.
import { unreadCount } from '~/features/messages/care-messages.server'
import type { CustomerContext } from '~/platform/guards.server'
import { dashboardOfRequest, oneCallOffered, rememberNotOffered } from './dashboard.server'

/**
 * The unread count on the dashboard: from the one call the page makes for this request
 * (`request`: its load context), else (a provider without the call or without `unread`, or the
 * call failed) from GET v1/auth/messages/?limit=0 as on every other page.
 */
export async function dashboardUnreadCount(ctx: CustomerContext, request: object | undefined): Promise<number | null> {
  if (oneCallOffered()) {
    const result = await dashboardOfRequest(ctx, request)
    if (result.ok && result.content.unread !== undefined) return result.content.unread
    if (!result.ok && result.kind === 'not-offered') rememberNotOffered()
  }
  return unreadCount(ctx, 'customer')
}
