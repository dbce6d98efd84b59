// The record download: the API's ZIP (docs/provider-api.md "Record export") passed through as a
// stream, never read into memory here, with the tokens kept on the server. A refusal (busy, too
// many, a provider without the extension) goes back to the page it came from as a toast.
import type { AdminContext, CustomerContext } from '~/platform/guards.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { redirectWithToast } from '~/platform/toast.server'
import { API } from '~/../common/contract/endpoints'
import { YOUR_DATA_PATH } from './your-data'

type Ctx = Pick<CustomerContext | AdminContext, 'api' | 'headers'>

async function passThrough(ctx: Ctx, download: Promise<ProviderResult<Response>>, backTo: string): Promise<Response> {
  const result = await download
  if (!result.ok) {
    return redirectWithToast(backTo, { title: result.message, type: 'destructive' }, { headers: ctx.headers })
  }
  const upstream = result.content
  const headers = new Headers(ctx.headers)
  headers.set('Content-Type', upstream.headers.get('content-type') ?? 'application/zip')
  const disposition = upstream.headers.get('content-disposition')
  if (disposition) headers.set('Content-Disposition', disposition)
  headers.set('Cache-Control', 'no-store')
  headers.set('X-Content-Type-Options', 'nosniff')
  return new Response(upstream.body, { status: 200, headers })
}

/** GET /customer/your-data.zip */
export function downloadOwnRecord(ctx: CustomerContext): Promise<Response> {
  return passThrough(ctx, ctx.api.download(API.yourData.recordExport), YOUR_DATA_PATH)
}

/** GET /admin/patient/{id}/record.zip: the API audits it as an export. */
export function downloadPatientRecord(ctx: AdminContext, id: string, backTo: string): Promise<Response> {
  return passThrough(ctx, ctx.api.download(API.yourData.adminRecordExport, { id }), backTo)
}
