import { API, type BodyOf, type QueryOf } from '../../common/contract/endpoints'
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  markEmailVerified,
  replacePassword,
} from '../store/accounts.js'
import type { ProviderContext } from '../context.js'
import {
  consumeEmailToken,
  issueEmailToken,
  peekEmailToken,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from '../store/email-tokens.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { sendResetMail, sendVerificationMail } from '../mailer.js'
import { hashPassword } from '../passwords.js'
import { changePatients } from '../patient-changes.js'
import { endSessions, redeemRefreshToken, revokeRefreshTokens } from '../sessions.js'
import { signIn } from '../sign-in.js'

const EMAIL_TAKEN = 'An account with this email already exists.'
const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired.'
const RESET_LINK_INVALID = 'This reset link is invalid or has expired.'

export function authRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.auth.login, async ({ body }) => {
      const result = await signIn(ctx, body, 'customer')
      // Only an admin has a second factor: a patient's right password always opens a session.
      if (result.mfa_token !== undefined) throw new Error('A patient sign-in asked for a second factor')
      const { access_token, refresh_token, device_token } = result
      return { message: 'Signed in successfully.', content: { access_token, refresh_token, device_token } }
    }),
    serve(API.auth.signUp, ({ body }) => signUp(ctx, body)),
    serve(API.auth.resendVerification, ({ body }) => resendVerification(ctx, body)),
    serve(API.auth.verifyEmail, ({ query }) => verifyEmail(ctx, query)),
    serve(API.auth.forgotPassword, ({ body }) => forgotPassword(ctx, body)),
    serve(API.auth.resetPassword, ({ body }) => resetPassword(ctx, body)),
    serve(API.auth.refresh, async ({ body }) => ({
      message: 'Token refreshed.',
      content: { access: await redeemRefreshToken(ctx, body.refresh, 'customer') },
    })),
    serve(API.auth.logout, ({ body, req }) => logOut(ctx, body, req.headers.authorization)),
  ]
}

/** Either portal's sign-out (docs/provider-api.md): ends the session of the tokens it is given. */
async function logOut(ctx: ProviderContext, { refresh }: BodyOf<typeof API.auth.logout>, authorization: string | undefined) {
  if (!refresh && !authorization) {
    const message = 'Refresh token is required'
    throw new ApiError(400, message, { refresh: [message] })
  }
  await endSessions(ctx, { authorization, refresh: refresh || undefined })
  return { message: 'Signed out.', content: null }
}

async function signUp(ctx: ProviderContext, { email, password }: BodyOf<typeof API.auth.signUp>) {
  if (await findAccountByEmail(ctx.db, email)) throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  const passwordHash = await hashPassword(password)
  // Another sign-up for the same e-mail may have finished while we were hashing (or be inserting
  // right now, in this or another process): the insert's ON CONFLICT decides, not a second look.
  const account = await changePatients(ctx.db, (tx) => insertAccount(tx, { email, portal: 'customer', passwordHash }))
  if (!account) throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  await sendVerificationMail(ctx, email, await issueEmailToken(ctx.db, account.id, 'verify_email', VERIFY_EMAIL_TTL_MS))
  return { status: 201, message: 'Account created. Please verify your email.', content: { email } }
}

async function resendVerification(ctx: ProviderContext, { email }: BodyOf<typeof API.auth.resendVerification>) {
  const account = await findAccountByEmail(ctx.db, email)
  if (!account || account.portal !== 'customer') {
    const message = 'No account found for this email.'
    throw new ApiError(400, message, { email: [message] })
  }
  if (account.email_verified) {
    const message = 'This email is already verified. Please sign in.'
    throw new ApiError(400, message, { email: [message] })
  }
  await sendVerificationMail(ctx, email, await issueEmailToken(ctx.db, account.id, 'verify_email', VERIFY_EMAIL_TTL_MS))
  return { message: 'Verification link sent.', content: null }
}

async function verifyEmail(ctx: ProviderContext, { token, email }: QueryOf<typeof API.auth.verifyEmail>) {
  const account = await findAccountByEmail(ctx.db, email)
  // Peek first: a token must not be burnt by a request that names someone else's e-mail.
  if (
    !account ||
    account.portal !== 'customer' ||
    (await peekEmailToken(ctx.db, token, 'verify_email')) !== account.id
  ) {
    throw new ApiError(400, VERIFY_LINK_INVALID)
  }
  // consumeEmailToken is one conditional UPDATE: of two clicks racing, exactly one spends it.
  if ((await consumeEmailToken(ctx.db, token, 'verify_email')) !== account.id)
    throw new ApiError(400, VERIFY_LINK_INVALID)
  await changePatients(ctx.db, (tx) => markEmailVerified(tx, account.id))
  return { message: 'Email verified successfully.', content: { email } }
}

async function forgotPassword(ctx: ProviderContext, { email, portal }: BodyOf<typeof API.auth.forgotPassword>) {
  const account = await findAccountByEmail(ctx.db, email)
  if (account && account.portal === portal) {
    await sendResetMail(
      ctx,
      email,
      portal,
      await issueEmailToken(ctx.db, account.id, 'reset_password', RESET_PASSWORD_TTL_MS),
    )
  }
  return {
    message: 'If an account exists for this email, a password reset link has been sent.',
    content: null,
  }
}

async function resetPassword(ctx: ProviderContext, { token, new_password: password }: BodyOf<typeof API.auth.resetPassword>) {
  if ((await peekEmailToken(ctx.db, token, 'reset_password')) === null) throw new ApiError(400, RESET_LINK_INVALID)
  const passwordHash = await hashPassword(password)
  // Consumed only now, by one conditional UPDATE, so of two racing submissions exactly one wins;
  // in the same transaction as the new password, so a failure in between gives the token back.
  await changePatients(ctx.db, async (tx) => {
    const accountId = await consumeEmailToken(tx, token, 'reset_password')
    const account = accountId === null ? undefined : await findAccountById(tx, accountId)
    if (!account) throw new ApiError(400, RESET_LINK_INVALID)
    await replacePassword(tx, account.id, passwordHash)
    await revokeRefreshTokens(tx, account.id)
    // Following the e-mailed link proves the mailbox, just as the verification link would.
    await markEmailVerified(tx, account.id)
  })
  return { message: 'Password updated successfully.', content: null }
}
