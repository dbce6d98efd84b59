// A signed-in patient's loader context whose provider answers from a table of paths, for testing
// a loader's calls and fallbacks without a server: any path not in the table answers as a
// provider without that endpoint would (404, not offered).
import type { CustomerContext } from '~/platform/guards.server'
import { notOfferedResult, type ProviderResult } from '~/platform/provider-errors'

export const okAnswer = (content: unknown): ProviderResult<unknown> => ({ ok: true, status: 200, message: 'ok', content })

/** The context for `url`; `calls` lists the paths the loader asked for, in order. */
export function customerContext(url: string, answers: Record<string, ProviderResult<unknown>>) {
  const calls: string[] = []
  const answer = (path: string) => {
    calls.push(path)
    return Promise.resolve(answers[path] ?? notOfferedResult(404, 'not offered'))
  }
  const api = {
    // The client's two call shapes: (method, path, …) and (endpoint, input).
    call: (first: string | { path: string }, second?: unknown) => answer(typeof first === 'string' ? (second as string) : first.path),
    headers: new Headers(),
  }
  const request = new Request(url, { headers: { Cookie: 'tz=UTC' } })
  const ctx = { request, api, headers: api.headers } as unknown as CustomerContext
  return { ctx, calls }
}
