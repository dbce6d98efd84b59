import express from 'express'
import { request } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { responseCompression } from '../../server/compression'
import { buildAssets } from '../../server/build-assets'

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A raw request (fetch would decompress and hide what was sent). */
function get(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}]\n`

describe('buildAssets', () => {
  let port = 0
  let dir = ''
  let close = () => {}
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'build-assets-'))
    mkdirSync(path.join(dir, '_shared'))
    writeFileSync(path.join(dir, '_shared', 'chunk-ABC.js'), SCRIPT)
    writeFileSync(path.join(dir, 'tiny-XYZ.js'), 'export {}\n')
    writeFileSync(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), 'not an asset')
    const app = express()
    // As in server.ts: the pages' compression runs first and must leave these answers alone.
    app.use(responseCompression())
    app.use('/build', buildAssets(dir))
    app.use((_req, res) => res.status(404).type('text').send('next'))
    const server = app.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    port = (server.address() as AddressInfo).port
    close = () => server.close()
  })
  afterAll(() => {
    close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(`${dir}-secret.txt`, { force: true })
  })

  it('sends Brotli to a browser that takes it, although it lists gzip first', async () => {
    const answer = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    // The type express.static sent for these files before.
    expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8')
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(answer.headers['vary']).toBe('Accept-Encoding')
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4)
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT)
  })

  it('sends gzip to a client without Brotli, and the file as it is to one that asks for neither', async () => {
    const gz = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)
    const plain = await get(port, '/build/_shared/chunk-ABC.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
    const refused = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body.toString()).toBe(SCRIPT)
  })

  it('answers a revalidation with 304, and HEAD with the headers only', async () => {
    const first = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' })
    const etag = String(first.headers['etag'])
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const head = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(first.headers['content-length'])
    expect(head.body.length).toBe(0)
  })

  it('reads and compresses each file once: later requests are answered from memory', async () => {
    const first = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' })
    writeFileSync(path.join(dir, '_shared', 'chunk-ABC.js'), 'changed on disk\n')
    const later = await get(port, '/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' })
    expect(later.body.equals(first.body)).toBe(true)
    expect(brotliDecompressSync(later.body).toString()).toBe(SCRIPT)
  })

  it('sends a small file as it is', async () => {
    const answer = await get(port, '/build/tiny-XYZ.js', { 'accept-encoding': 'br, gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.body.toString()).toBe('export {}\n')
  })

  it('passes anything that is not one of the files on, a path outside the folder included', async () => {
    for (const urlPath of [
      '/build/_shared/chunk-NOPE.js',
      '/build/_shared',
      `/build/../${path.basename(dir)}-secret.txt`,
      `/build/%2e%2e/${path.basename(dir)}-secret.txt`,
    ]) {
      const answer = await get(port, urlPath)
      expect(answer.status, urlPath).toBe(404)
      expect(answer.body.toString(), urlPath).toBe('next')
    }
    const post = await get(port, '/build/_shared/chunk-ABC.js', {}, 'POST')
    expect(post.body.toString()).toBe('next')
  })
})
