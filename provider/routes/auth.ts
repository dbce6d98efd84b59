import {
  emailAnswerSchema,
  forgotPasswordAnswerSchema,
  logoutAnswerSchema,
  refreshAnswerSchema,
  resendVerificationAnswerSchema,
  resetPasswordAnswerSchema,
  tokenPairSchema,
} from '../../common/contract/auth'
import { PORTALS, TOKEN_MAX_LENGTH as TOKEN_MAX } from '../../common/contract/auth-values'
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
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { sendResetMail, sendVerificationMail } from '../mailer.js'
import { hashPassword } from '../passwords.js'
import { changePatients } from '../patient-changes.js'
import { endSessions, redeemRefreshToken, revokeRefreshTokens } from '../sessions.js'
import { signIn } from '../sign-in.js'
import { FieldReader } from '../validation.js'

const EMAIL_TAKEN = 'An account with this email already exists.'
const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired.'
const RESET_LINK_INVALID = 'This reset link is invalid or has expired.'

export function authRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'POST',
      path: 'v1/auth/login/',
      answer: tokenPairSchema,
      handler: async (req) => {
        const { access_token, refresh_token, device_token } = await signIn(ctx, req, 'customer')
        return { message: 'Signed in successfully.', content: { access_token, refresh_token, device_token } }
      },
    },
    { method: 'POST', path: 'v1/auth/signup/', answer: emailAnswerSchema, handler: (req) => signUp(ctx, req) },
    {
      method: 'POST',
      path: 'v1/auth/resend-verify-email/',
      answer: resendVerificationAnswerSchema,
      handler: (req) => resendVerification(ctx, req),
    },
    {
      method: 'GET',
      path: 'v1/auth/verify-email-token/',
      answer: emailAnswerSchema,
      handler: (req) => verifyEmail(ctx, req),
    },
    {
      method: 'POST',
      path: 'v1/auth/forgot_password/',
      answer: forgotPasswordAnswerSchema,
      handler: (req) => forgotPassword(ctx, req),
    },
    {
      method: 'POST',
      path: 'v1/auth/reset_password/submit/',
      answer: resetPasswordAnswerSchema,
      handler: (req) => resetPassword(ctx, req),
    },
    {
      method: 'POST',
      path: 'v1/auth/token/refresh/',
      answer: refreshAnswerSchema,
      handler: async (req) => ({
        message: 'Token refreshed.',
        content: { access: await redeemRefreshToken(ctx, readRefreshField(req), 'customer') },
      }),
    },
    { method: 'POST', path: 'v1/auth/logout/', answer: logoutAnswerSchema, handler: (req) => logOut(ctx, req) },
  ]
}

/** Either portal's sign-out (docs/provider-api.md): ends the session of the tokens it is given. */
async function logOut(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const refresh = f.text('refresh', { label: 'Refresh token', max: TOKEN_MAX })
  f.done()
  const authorization = req.headers.authorization
  if (!refresh && !authorization) {
    const message = 'Refresh token is required'
    throw new ApiError(400, message, { refresh: [message] })
  }
  await endSessions(ctx, { authorization, refresh: refresh || undefined })
  return { message: 'Signed out.', content: null }
}

export function readRefreshField(req: RequestInput): string {
  const f = new FieldReader(jsonObjectBody(req))
  const refresh = f.text('refresh', {
    label: 'Refresh token',
    required: 'Refresh token is required',
    max: TOKEN_MAX,
  })
  f.done()
  return refresh
}

async function signUp(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const email = f.email()
  const password = f.newPassword('password', 'conf_password')
  f.done()
  if (await findAccountByEmail(ctx.db, email)) throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  const passwordHash = await hashPassword(password)
  // Another sign-up for the same e-mail may have finished while we were hashing (or be inserting
  // right now, in this or another process): the insert's ON CONFLICT decides, not a second look.
  const account = await changePatients(ctx.db, (tx) => insertAccount(tx, { email, portal: 'customer', passwordHash }))
  if (!account) throw new ApiError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
  await sendVerificationMail(ctx, email, await issueEmailToken(ctx.db, account.id, 'verify_email', VERIFY_EMAIL_TTL_MS))
  return { status: 201, message: 'Account created. Please verify your email.', content: { email } }
}

async function resendVerification(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const email = f.email()
  f.done()
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

async function verifyEmail(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader({ token: req.query.get('token'), email: req.query.get('email') })
  const token = f.text('token', { label: 'Token', required: 'Token is required', max: TOKEN_MAX })
  const email = f.email()
  f.done()
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

async function forgotPassword(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const email = f.email()
  const portal = f.choice('portal', PORTALS, {
    label: 'Portal',
    required: 'Portal is required',
  })
  f.done()
  const account = await findAccountByEmail(ctx.db, email)
  if (account && portal && account.portal === portal) {
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

async function resetPassword(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const token = f.text('token', { label: 'Token', required: 'Token is required', max: TOKEN_MAX })
  const password = f.newPassword('new_password', 'conf_password')
  f.done()
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
