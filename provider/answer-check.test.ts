// The API checks what it sends (http.ts AnswerSchema): a route's `content` against its schema.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import type { ProviderContext } from './context.js'
import { answerMismatch, Router, type Reply } from './http.js'
import { createRequestHandler, PRODUCTION_CHECK_EVERY } from './request-handler.js'

const Greeting = z.object({ greeting: z.string() })

let server: Server | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
  server = undefined
})

/** A provider with one route answering `content` (or, as JSON text, `contentJson`). */
async function serve(content: unknown, contentJson?: string) {
  const logged: string[] = []
  const router = new Router()
  const reply = (): Reply => (contentJson === undefined ? { message: 'Hello.', content } : { message: 'Hello.', contentJson })
  router.add([{ method: 'GET', path: 'v1/hello/', answer: Greeting, handler: reply }])
  const ctx = { log: (line: string) => logged.push(line) } as unknown as ProviderContext
  const handle = createRequestHandler(ctx, router, null)
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/${path}`)
    return { status: response.status, body: (await response.json()) as unknown }
  }
  return { get, logged }
}

describe('answer check', () => {
  test('an answer that matches goes out as sent, unknown keys included', async () => {
    const { get, logged } = await serve({ greeting: 'hi', extra: 1 })
    expect(await get('v1/hello/')).toEqual({ status: 200, body: { message: 'Hello.', content: { greeting: 'hi', extra: 1 } } })
    expect(logged).toEqual([])
  })

  test.each(['v1/hello/'])('outside production a mismatch is a 500 naming the route and field (%s)', async (path) => {
    const { get, logged } = await serve({ greeting: 42 })
    expect(await get(path)).toEqual({ status: 500, body: { message: 'Internal error', data: {} } })
    expect(logged.join('\n')).toContain(`the answer to GET /${path} breaks its contract: greeting: Expected string, received number`)
  })

  test('in production a mismatch is logged and the answer still goes out', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { get, logged } = await serve({ greeting: 42 })
    expect(await get('v1/hello/')).toEqual({ status: 200, body: { message: 'Hello.', content: { greeting: 42 } } })
    expect(logged).toEqual(['provider: the answer to GET /v1/hello/ breaks its contract: greeting: Expected string, received number'])
  })

  test('in production one answer in PRODUCTION_CHECK_EVERY is checked, the first included', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { get, logged } = await serve({ greeting: 42 })
    const line = 'provider: the answer to GET /v1/hello/ breaks its contract: greeting: Expected string, received number'
    for (let i = 0; i < PRODUCTION_CHECK_EVERY; i++) expect((await get('v1/hello/')).status).toBe(200)
    expect(logged).toEqual([line])
    expect((await get('v1/hello/')).body).toEqual({ message: 'Hello.', content: { greeting: 42 } })
    expect(logged).toEqual([line, line])
  })

  test('outside production every answer is checked', async () => {
    const { get } = await serve({ greeting: 42 })
    for (let i = 0; i < 3; i++) expect((await get('v1/hello/')).status).toBe(500)
  })

  test('an answer made as JSON text goes out as it was made, and is checked outside production', async () => {
    const made = '{"greeting":"hi","spaced":  [1, 2]}'
    const { get, logged } = await serve(undefined, made)
    const response = await get('v1/hello/')
    expect(response).toEqual({ status: 200, body: { message: 'Hello.', content: { greeting: 'hi', spaced: [1, 2] } } })
    expect(logged).toEqual([])
    const wrong = await serve(undefined, '{"greeting":42}')
    expect(await wrong.get('v1/hello/')).toEqual({ status: 500, body: { message: 'Internal error', data: {} } })
    expect(wrong.logged.join('\n')).toContain('greeting: Expected string, received number')
  })

  test('in production an answer made as JSON text is sent without being read again', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const parse = vi.spyOn(JSON, 'parse')
    const { get } = await serve(undefined, '{"greeting":"hi"}')
    const response = await fetch(`http://127.0.0.1:${(server?.address() as AddressInfo).port}/v1/hello/`)
    expect(await response.text()).toBe('{"message":"Hello.","content":{"greeting":"hi"}}')
    expect(parse.mock.calls.map(([text]) => text)).not.toContain('{"greeting":"hi"}')
    parse.mockRestore()
    expect((await get('v1/hello/')).status).toBe(200)
  })

  test('answerMismatch names the content itself when it is not an object', () => {
    expect(answerMismatch(Greeting, null)).toBe('(content): Expected object, received null')
    expect(answerMismatch(z.null(), null)).toBeNull()
  })

  test('unchecked lists the routes without an answer schema', () => {
    const router = new Router()
    const handler = (): Reply => ({ message: '', content: null })
    router.add([
      { method: 'GET', path: 'a/', answer: z.null(), handler },
      { method: 'POST', path: 'b/', handler },
    ])
    expect(router.unchecked()).toEqual(['POST b/'])
  })
})

describe('every route names its answer', () => {
  test('every route of the API checks its answer against the contract, except the health probe', async () => {
    const { apiRouter } = await import('./index.js')
    // The route tables only keep the context for their handlers; none runs here.
    const unchecked = apiRouter({ secret: 'test-secret', withings: null } as unknown as ProviderContext).unchecked()
    // healthz answers load balancers, not the app: it is no call of the contract.
    expect(unchecked).toEqual(['GET healthz'])
  })
})
