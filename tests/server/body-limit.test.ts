import express from 'express'
import { request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyLimit } from '../../server/body-limit'

const LIMIT = 1024

/** Writes the whole body first, as a browser does, then reads the answer. */
function post(port: number, bytes: number): Promise<{ status: number; connection: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': bytes } })
    req.on('error', reject)
    req.on('response', (res: IncomingMessage) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }))
    })
    // Written in pieces, with a pause between them, so the answer arrives while the body is
    // still on its way.
    const piece = Buffer.alloc(16 * 1024, 'a')
    let left = bytes
    const writeNext = () => {
      if (left <= 0) return req.end()
      const size = Math.min(left, piece.length)
      left -= size
      req.write(piece.subarray(0, size), () => setImmediate(writeNext))
    }
    writeNext()
  })
}

describe('bodyLimit', () => {
  let port = 0
  let close = () => {}
  beforeAll(async () => {
    const app = express()
    app.use(bodyLimit(LIMIT, 64 * LIMIT))
    app.post('/form', (_req, res) => res.type('text').send('accepted'))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
    close = () => server.close()
  })
  afterAll(() => close())

  it('lets a body within the limit through', async () => {
    expect(await post(port, LIMIT)).toMatchObject({ status: 200, text: 'accepted' })
  })

  it('answers a body over the limit with 413 and its page, even to a client still sending it', async () => {
    const answer = await post(port, 48 * LIMIT)
    expect(answer.status).toBe(413)
    expect(answer.text).toContain('Too much data')
    expect(answer.connection).not.toBe('close')
  })

  it('closes the connection on a declared body too large to read', async () => {
    const answer = await post(port, 65 * LIMIT).catch((error: NodeJS.ErrnoException) => ({ status: 0, connection: error.code, text: '' }))
    // Either the 413 arrived before the body was cut off, or the client saw the connection closed.
    if (answer.status === 413) expect(answer.connection).toBe('close')
    else expect(['EPIPE', 'ECONNRESET']).toContain(answer.connection)
  })
})
