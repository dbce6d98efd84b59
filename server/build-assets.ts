import express, { type NextFunction, type Request, type Response } from 'express'
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// The type table `express.static` used for these files, so their Content-Type stays what it was.
const { mime } = express.static

/** The Content-Type for a file name, with the charset for text types, as `express.static` sends it. */
function contentType(name: string) {
  const type = mime.lookup(name)
  const charset = mime.charsets.lookup(type, '')
  return charset ? `${type}; charset=${charset}` : type
}

type Asset = { type: string; etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer }

/**
 * The build's fingerprinted files (`/build/...`), each read and compressed once, at its first
 * request, then answered from memory: Brotli at its best quality, gzip for clients without it.
 * Compressing on every request (the response-compression middleware's job for pages) spent the
 * same CPU again for every visitor of every screen, at a worse ratio; the files never change
 * while the server runs, and their names were read at start, so an unknown path costs no file
 * system lookup. Anything else goes on (`next`), as `express.static` with fall-through did.
 */
export function buildAssets(dir: string) {
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`),
  )
  const loading = new Map<string, Promise<Asset>>()

  async function load(name: string): Promise<Asset> {
    const identity = await readFile(path.join(dir, name))
    const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 16)}"`
    const asset: Asset = { type: contentType(name), etag, identity }
    // A compressed copy is kept only where it is smaller (not for a format compressed already).
    if (identity.length > 1024) {
      const [br, gz] = await Promise.all([
        brotli(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        }),
        gzipAsync(identity, { level: 9 }),
      ])
      if (br.length < identity.length) asset.br = br
      if (gz.length < identity.length) asset.gzip = gz
    }
    return asset
  }

  return async function serveBuildAsset(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(req.path)) return next()
    let pending = loading.get(req.path)
    if (!pending) {
      pending = load(req.path)
      loading.set(req.path, pending)
      // A failed read is retried by the next request rather than remembered.
      pending.catch(() => loading.delete(req.path))
    }
    let asset: Asset
    try {
      asset = await pending
    } catch (error) {
      return next(error)
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.setHeader('ETag', asset.etag)
    res.setHeader('Content-Type', asset.type)
    if (asset.br || asset.gzip) res.setHeader('Vary', 'Accept-Encoding')
    if (req.fresh) return res.status(304).end()
    // Brotli whenever the client takes it: browsers list gzip first with equal weight, and a
    // negotiation by their order would always pick the larger file.
    const [encoding, body] =
      asset.br && req.acceptsEncodings('br')
        ? ['br', asset.br]
        : asset.gzip && req.acceptsEncodings('gzip')
          ? ['gzip', asset.gzip]
          : [null, asset.identity]
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    if (req.method === 'HEAD') return res.end()
    res.end(body)
  }
}
