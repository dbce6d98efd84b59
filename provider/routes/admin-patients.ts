// Extension (docs/provider-api.md, "Extensions") — P13. Dev-only helpers go behind ctx.devMode here too.
import type { ProviderContext } from '../context.js'
import type { RouterWithItems } from '../entries-router.js'

export function mountAdminPatientsRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  void router
  void ctx
}
