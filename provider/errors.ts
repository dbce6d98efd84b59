export type FieldErrors = Record<string, string[]>

/** An error whose status, message and field data are safe to show the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: FieldErrors = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const TOKEN_INVALID = 'Token is invalid or expired'

export function unauthorized(message = TOKEN_INVALID): ApiError {
  return new ApiError(401, message)
}

/** A 400 whose top-level message is the first field message, so screens that only show `message` still say something useful. */
export function invalidFields(errors: FieldErrors): ApiError {
  const first = Object.values(errors).find((list) => list.length > 0)?.[0]
  return new ApiError(400, first ?? 'Invalid request', errors)
}
