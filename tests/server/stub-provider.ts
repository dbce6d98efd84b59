// A provider of the tests' own: real HTTP on 127.0.0.1, scripted answers, every request recorded.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StubRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  authorization: string | undefined
  body: unknown
}

export type StubReply = {
  status?: number
  /** Sent as JSON. */
  json?: unknown
  /** Sent as is (for HTML error pages and broken JSON). */
  text?: string
  contentType?: string
  delayMs?: number
}

export type StubHandler = (request: StubRequest) => StubReply | Promise<StubReply>

export type StubProvider = {
  /** Base URL ending with '/', as PROVIDER_API_URL wants it. */
  url: string
  requests: StubRequest[]
  handle(handler: StubHandler): void
  requestsTo(path: string): StubRequest[]
  close(): Promise<void>
}

const notScripted: StubHandler = () => ({ status: 404, json: { message: 'Not scripted', data: {} } })

export async function startStubProvider(handler: StubHandler = notScripted): Promise<StubProvider> {
  let current = handler
  const requests: StubRequest[] = []

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub.invalid')
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown = raw
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        // keep the raw text
      }
      const recorded: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        authorization: req.headers.authorization,
        body,
      }
      requests.push(recorded)
      void Promise.resolve(current(recorded)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
        if (res.destroyed) return
        const payload = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
        res.writeHead(reply.status ?? 200, {
          'Content-Type': reply.contentType ?? (reply.text === undefined ? 'application/json' : 'text/html'),
        })
        res.end(payload)
      })
    })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    handle(next) {
      current = next
    },
    requestsTo(path) {
      return requests.filter((r) => r.path === path)
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A base URL on which nothing listens: a port we held for a moment and released. */
export async function unusedBaseUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/`
}
