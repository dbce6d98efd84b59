// "The app calls `api.call(endpoint, input)`": a provider URL is written once, in the route table
// (common/contract/endpoints.ts) or, for the development calls, beside it (dev-endpoints.ts). This
// finds a provider path written in app/ code ('v1/…', `__dev/…`, with or without a leading slash,
// in quotes or a template), and fails naming the file and line. Comments may name paths.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..')

/** A file allowed to hold provider paths → why. */
const ALLOWED: Record<string, string> = {
  // Prefixes, not calls: which extension a 404 on a path belongs to, matched against the table's paths.
  'app/platform/extensions.ts': "the extensions' path prefixes, to name what a provider does not offer",
}

/** A quote or backtick, then an optional '/', then `v1/` or `__dev/`. */
const PROVIDER_PATH = /['"`]\/?(?:v1|__dev)\//

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** The file's lines that write a provider path in code (whole-line and trailing comments skipped). */
export function providerPathLines(text: string): number[] {
  const found: number[] = []
  let inBlockComment = false
  text.split('\n').forEach((line, index) => {
    let code = line
    if (inBlockComment) {
      const end = code.indexOf('*/')
      if (end < 0) return
      code = code.slice(end + 2)
      inBlockComment = false
    }
    const start = code.indexOf('/*')
    if (start >= 0) {
      const end = code.indexOf('*/', start + 2)
      if (end < 0) inBlockComment = true
      code = end < 0 ? code.slice(0, start) : code.slice(0, start) + code.slice(end + 2)
    }
    code = code.replace(/(^|\s)\/\/.*$/, '')
    if (PROVIDER_PATH.test(code)) found.push(index + 1)
  })
  return found
}

describe('provider paths in app/', () => {
  it('finds a path in code, not in a comment', () => {
    expect(providerPathLines("api.call('GET', 'v1/auth/profile/')")).toEqual([1])
    expect(providerPathLines('const path = `/v1/admin/patients/${id}/`')).toEqual([1])
    expect(providerPathLines("await api.call('POST', '__dev/outbox/')")).toEqual([1])
    expect(providerPathLines("// GET 'v1/auth/profile/'\n/** `v1/auth/logout/` */\n/*\n 'v1/x/'\n*/")).toEqual([])
    expect(providerPathLines("const a = 1 // 'v1/auth/'")).toEqual([])
  })

  it('are written only in the route table: app/ calls its endpoints', () => {
    const offenders = sourceFiles(join(ROOT, 'app'))
      .map((file) => relative(ROOT, file))
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) => providerPathLines(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}:${line}`))
    expect(offenders).toEqual([])
  })
})
