import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { CoalescedStream } from '~/platform/coalesced-stream.server'
import { NonceProvider } from '~/platform/nonce'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''
  // Bots and no-JS crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          // Fewer, larger chunks for the compressor and the socket (coalesced-stream.server.ts).
          const body = new CoalescedStream()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell are reported by handleError; later ones are logged here once.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (client went away) are not errors worth a stack trace.
  if (request.signal.aborted) return
  console.error(error instanceof Error ? error.stack : error)
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string
    /** The client's address as express resolved it (honours `trust proxy`). */
    clientIp?: string
    /** The socket's peer is this machine (server/dev-tools.ts); the /dev/* screens need it. */
    fromLoopback?: boolean
  }
}
