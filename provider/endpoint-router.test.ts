// The router built from the route table: matching with path parameters, 404/405 as before, the
// input read by the endpoint's schemas (every field's messages at once), handlers getting it typed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { Endpoint } from '../common/contract/endpoints'
import { booleanField, dateField, fields, textField } from '../common/contract/request-fields'
import type { ProviderContext } from './context.js'
import { ApiRouter, serve } from './endpoint-router.js'
import { createRequestHandler } from './request-handler.js'

const item = {
  method: 'PUT',
  path: 'v1/things/:kind/:id/',
  access: 'public',
  params: z.object({ kind: z.enum(['a', 'b']), id: z.string().regex(/^\d+$/).transform(Number) }),
  query: fields({ on: dateField({ label: 'On date' }) }),
  body: fields({
    name: textField({ label: 'Name', required: 'Name is required', max: 5 }),
    flag: booleanField({ label: 'Flag', fallback: false }),
  }),
  answer: z.object({ kind: z.string(), id: z.number(), name: z.string(), flag: z.boolean(), on: z.string().nullable() }),
} as const satisfies Endpoint
const fresh = { method: 'GET', path: 'v1/things/a/new/', access: 'public', answer: z.literal('new') } as const satisfies Endpoint
const named = { method: 'GET', path: 'v1/things/a/:name/', access: 'public', answer: z.string() } as const satisfies Endpoint
const closed = { method: 'GET', path: 'v1/closed/', access: 'public', answer: z.null() } as const satisfies Endpoint

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
  server = undefined
})

async function start() {
  const ctx = { log: () => {} } as unknown as ProviderContext
  const router = new ApiRouter(ctx)
  router.serve([
    serve(item, ({ params, query, body }) => ({
      message: 'Saved.',
      // Typed: params.id is a number, body.flag a boolean.
      content: { kind: params.kind, id: params.id + 0, name: body.name, flag: body.flag === true, on: query.on },
    })),
    serve(named, ({ params }) => ({ message: 'Named.', content: params.name })),
    serve(fresh, () => ({ message: 'New.', content: 'new' as const })),
    serve(closed, () => ({ message: 'Open.', content: null }), { offered: () => false }),
  ])
  router.add([{ method: 'GET', path: 'v1/old/', answer: z.null(), handler: () => ({ message: 'Old.', content: null }) }])
  const handle = createRequestHandler(ctx, router, null)
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
}

describe('the router built from the route table', () => {
  test('a handler gets its path parameters, query and body parsed and typed', async () => {
    const call = await start()
    expect(await call('PUT', 'v1/things/b/12/?on=2026-01-31', { name: ' Ann ', flag: true, extra: 1 })).toEqual({
      status: 200,
      body: { message: 'Saved.', content: { kind: 'b', id: 12, name: 'Ann', flag: true, on: '2026-01-31' } },
    })
  })

  test('every field problem at once, under its field; the first is the message', async () => {
    const call = await start()
    expect(await call('PUT', 'v1/things/a/1/?on=2026-02-30', { name: 'Too long', flag: 'yes' })).toEqual({
      status: 400,
      body: { message: 'On date must be a valid date (YYYY-MM-DD)', data: { on: ['On date must be a valid date (YYYY-MM-DD)'] } },
    })
    expect(await call('PUT', 'v1/things/a/1/', { name: 'Too long', flag: 'yes' })).toEqual({
      status: 400,
      body: {
        message: 'Name must be at most 5 characters',
        data: { name: ['Name must be at most 5 characters'], flag: ['Flag must be true or false'] },
      },
    })
    expect((await call('PUT', 'v1/things/a/1/', {})).body).toEqual({ message: 'Name is required', data: { name: ['Name is required'] } })
  })

  test('a body that is not a JSON object is refused as before', async () => {
    const call = await start()
    expect(await call('PUT', 'v1/things/a/1/', [1])).toEqual({
      status: 400,
      body: { message: 'Request body must be a JSON object', data: {} },
    })
  })

  test('404 for parameters the endpoint refuses and unknown paths, 405 for another method', async () => {
    const call = await start()
    expect((await call('PUT', 'v1/things/c/1/', { name: 'x' })).status).toBe(404)
    expect((await call('PUT', 'v1/things/b/x/', { name: 'x' })).status).toBe(404)
    expect((await call('GET', 'v1/nothing/')).status).toBe(404)
    expect(await call('GET', 'v1/things/b/1/')).toEqual({ status: 405, body: { message: 'Method not allowed', data: {} } })
  })

  test('a literal path wins over a parameter; routes not in the table still answer', async () => {
    const call = await start()
    expect((await call('GET', 'v1/things/a/new/')).body).toEqual({ message: 'New.', content: 'new' })
    expect((await call('GET', 'v1/things/a/other/')).body).toEqual({ message: 'Named.', content: 'other' })
    expect((await call('GET', 'v1/old/')).body).toEqual({ message: 'Old.', content: null })
    expect((await call('POST', 'v1/old/')).status).toBe(405)
  })

  test('an endpoint this instance does not offer is not found', async () => {
    const call = await start()
    expect(await call('GET', 'v1/closed/')).toEqual({ status: 404, body: { message: 'Not found', data: {} } })
  })

  test('an endpoint served twice is a start-up error', () => {
    const router = new ApiRouter({} as ProviderContext)
    expect(() => router.serve([serve(fresh, () => ({ message: '', content: 'new' as const })), serve(fresh, () => ({ message: '', content: 'new' as const }))])).toThrow(
      'GET v1/things/a/new/ is served twice',
    )
  })
})
