// The root route's loader, apart from root.tsx: a route module's imports of server code stay in
// the browser's bundle as empty modules, and one that another route imports too becomes a chunk of
// its own that every page downloads (@remix-run/node and env.server were two). A module only the
// root imports is folded into the root's own file.
import { data } from '@remix-run/node'
import { getEnv } from './env.server'
import { getToasts } from './toast.server'

export async function rootLoader(request: Request) {
  const { toasts, headers } = await getToasts(request)
  const { PRODUCT_NAME } = getEnv()
  return data({ productName: PRODUCT_NAME, toasts }, { headers: headers ?? undefined })
}
