import express from 'express'
import fs from 'node:fs'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { publicFiles } from '../../server/public-files'

describe("public/'s files", () => {
  let base = ''
  let close = () => {}
  const dir = mkdtempSync(path.join(tmpdir(), 'baricare-public-'))

  beforeAll(async () => {
    writeFileSync(path.join(dir, 'favicon.ico'), 'icon')
    mkdirSync(path.join(dir, 'fonts'))
    writeFileSync(path.join(dir, 'fonts', 'a.woff2'), 'font')
    const app = express()
    const files = publicFiles(dir, { maxAge: '1h' })
    expect(files.names.sort()).toEqual(['/favicon.ico', '/fonts'])
    app.use(files.middleware)
    app.use((req, res) => res.type('text').send(`page ${req.path}`))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => {
    close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the files and folders public/ holds, with their cache lifetime', async () => {
    const icon = await fetch(`${base}/favicon.ico`)
    expect(await icon.text()).toBe('icon')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await (await fetch(`${base}/fonts/a.woff2`)).text()).toBe('font')
  })

  it('hands every other path on without looking on disk', async () => {
    const stat = vi.spyOn(fs, 'stat')
    expect(await (await fetch(`${base}/customer/dashboard`)).text()).toBe('page /customer/dashboard')
    expect(await (await fetch(`${base}/favicon.ico.bak`)).text()).toBe('page /favicon.ico.bak')
    expect(stat).not.toHaveBeenCalled()
    stat.mockRestore()
  })
})
