import express from 'express'
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROTLI_WINDOW_BITS, responseCompression } from '../../server/compression'

/** The window a Brotli stream declares in its first bits (RFC 7932, 9.1). */
function declaredWindowBits(stream: Buffer): number {
  const first = stream[0]
  if ((first & 1) === 0) return 16
  const n = (first >> 1) & 7
  if (n !== 0) return 17 + n
  const m = (first >> 4) & 7
  return m === 1 ? 17 : 8 + m
}

describe('response compression', () => {
  const page = `<!doctype html><main>${'<p>A week of weights, protein and water.</p>'.repeat(3000)}</main>`
  let base = ''
  let close = () => {}

  beforeAll(async () => {
    const app = express()
    app.use(responseCompression())
    app.get('/page', (_req, res) => res.type('html').send(page))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  it('answers a browser with Brotli in a window sized for our pages, not zlib’s 4 MB default', async () => {
    // node:http, not fetch: fetch would decompress the body before the test could read its header.
    const { encoding, body } = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      get(`${base}/page`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }))
      }).on('error', reject)
    })
    expect(encoding).toBe('br')
    expect(declaredWindowBits(body)).toBe(BROTLI_WINDOW_BITS)
    expect(brotliDecompressSync(body).toString()).toBe(page)
    expect(body.length).toBeLessThan(page.length / 20)
  })
})
