// Response headers from several sources (a toast, a refreshed session, a download) in one answer.

/** Merges header sets; repeated Set-Cookie values are all kept. */
export function combineHeaders(...all: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers()
  for (const headers of all) {
    if (!headers) continue
    for (const [key, value] of new Headers(headers).entries()) {
      if (key.toLowerCase() === 'set-cookie') continue
      combined.set(key, value)
    }
    for (const cookie of new Headers(headers).getSetCookie()) combined.append('Set-Cookie', cookie)
  }
  return combined
}
