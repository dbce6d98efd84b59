import { adminView } from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import type { Route } from '../http.js'
import { authenticate, redeemRefreshToken } from '../sessions.js'
import { signIn } from '../sign-in.js'
import { readRefreshField } from './auth.js'

export function adminRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'POST',
      path: 'v1/admin/login/',
      handler: async (req) => {
        const { account, access_token, refresh_token } = await signIn(ctx, req, 'admin')
        return {
          message: 'Signed in successfully.',
          content: { access_token, refresh_token, user: adminView(account) },
        }
      },
    },
    {
      method: 'POST',
      path: 'v1/admin/token/refresh/',
      handler: async (req) => ({
        message: 'Token refreshed.',
        content: { access: await redeemRefreshToken(ctx, readRefreshField(req), 'admin') },
      }),
    },
    {
      method: 'GET',
      path: 'v1/admin/profile/',
      handler: async (req) => ({
        message: 'Profile loaded.',
        content: adminView(await authenticate(ctx, req.headers.authorization, 'admin')),
      }),
    },
  ]
}
