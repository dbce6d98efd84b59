import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Every repository path the docs cite must exist, so that a rename cannot leave a decision record
// or a topic page pointing at nothing (docs/decisions/191-docs-front-page-and-cited-paths.md).
// What counts as a cited path: a backticked span with no spaces that either holds a slash and
// starts at one of our top-level folders or ends in a source extension, or is a bare file name
// with a source extension; and every relative Markdown link.

const root = path.resolve(import.meta.dirname, '../..')

const TOP_FOLDERS = new Set(['app', 'provider', 'common', 'server', 'scripts', 'tests', 'docs', 'public', '.ci'])
const SOURCE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|css|sh|yaml|yml|sql)$/
// Made by running something, never committed: not checked.
const GENERATED_FOLDERS = new Set(['bench-results', 'reports', 'screens', 'data', 'test-results', 'node_modules'])
// What the build writes to $BUILD_DIR (remix.config.js, scripts/build-server.js; decision 007).
const BUILD_OUTPUTS = new Set(['', 'index.js', 'server.js', 'api.js', 'server.main.js', 'api.main.js', 'provider-seed.js', 'db-migrate.js', 'metafile.js.json', 'client', 'chunks', 'embedded-api.js'])
// A path that is not rooted at the repository is looked for under these folders too, the way the
// records write it (`admin-patients/alerts.ts` for a feature's module, `migrations/index.ts`).
const BASES = ['', 'app/', 'app/features/', 'app/platform/', 'provider/', 'provider/db/', 'common/', 'tests/', 'tests/e2e/']
// Files named as what they were, in records that say they are gone (or, once, as what is never
// written): record → paths. Keep it short; a renamed file is corrected in the record instead.
const HISTORICAL: Record<string, string[]> = {
  'docs/decisions/017-provider-better-sqlite3.md': ['provider/migrations.ts'], // superseded by 127
  'docs/decisions/023-placeholder-screens.md': ['app/components/placeholder-screen.tsx'], // retired
  'docs/decisions/093-store-behind-async-modules.md': ['provider/store/sqlite.ts', 'sqlite.ts'], // gone by 127
  'docs/decisions/097-store-migration-files.md': ['provider/store/migrations/', '0001-core.ts', '0005-admin-patients.ts'], // superseded by 110
  'docs/decisions/110-kysely-migrator.md': ['provider/store/migrations/'], // what it replaced
  'docs/decisions/159-one-request-context.md': ['app/lib', 'admin-users-provider.server.ts'], // what it removed
  'docs/decisions/007-build-output-under-build-dir.md': ['provider.js'], // the corrected name
  'docs/decisions/189-rules-in-one-home.md': ['app/features/auth/password-requirements.ts', 'provider/messages-fields.ts'], // what it merged into common/; a reader 211 removed
  'docs/decisions/018-provider-node-http-field-checks.md': ['provider/validation.ts'], // the reader 211 removed
  'docs/decisions/211-field-readers-to-the-table.md': ['provider/validation.ts', 'provider/profile-sections.ts'], // what the port removed
  'docs/decisions/165-feature-folders.md': ['app/lib', 'features/x/index.ts'], // what it replaced; the barrel it rules out
  'docs/decisions/045-javascript-budgets.md': ['app/features/auth/lazy-form.tsx'], // removed by 233
  'docs/decisions/182-form-schemas-load-later.md': ['auth/lazy-form.tsx'], // removed by 233
  'docs/decisions/233-signed-out-forms-without-conform.md': ['lazy-form.tsx'], // what it removed
  'docs/decisions/044-provider-item-routes.md': ['provider/entries-router.ts', 'entries-router.ts'], // superseded by 183, file removed
}

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.split(path.sep).join('/')}`)
  return ['README.md', 'common/contract/README.md', ...docs].sort()
}

const SKIP_DIRS = new Set(['.git', 'node_modules', 'build', ...GENERATED_FOLDERS, 'playwright-report', 'coverage', '.cache'])
function fileNames(dir = root, names = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('build-')) fileNames(path.join(dir, entry.name), names)
    } else {
      names.add(entry.name)
    }
  }
  return names
}

/** A backticked span as a path to check, or undefined when it is no path of ours. */
export function citedPath(span: string): string | undefined {
  let text = span.trim()
  if (/\s|:\/\/|[<>*…{}$|]|NNN|^[-.~]/.test(text) || text.startsWith('/')) return undefined
  text = text.replace(/:\d+(-\d+)?$/, '').replace(/[,.;:]$/, '')
  const first = text.split('/')[0] ?? ''
  if (text.includes('/')) {
    if (GENERATED_FOLDERS.has(first)) return undefined
    return TOP_FOLDERS.has(first) || first === 'build' || SOURCE_EXTENSION.test(text) ? text : undefined
  }
  return /^[\w.-]+\.(ts|tsx|js|mjs|cjs|sh|sql|css|yaml|yml)$/.test(text) ? text : undefined
}

/** Whether a cited path names something in the repository (or something the build writes). */
export function pathExists(cited: string, names: Set<string>): boolean {
  const [first, ...rest] = cited.split('/')
  if (first === 'build') return BUILD_OUTPUTS.has(rest[0] ?? '')
  if (!cited.includes('/')) return names.has(cited) || BUILD_OUTPUTS.has(cited)
  return BASES.some((base) => existsSync(path.join(root, base + cited)))
}

function missingPaths(file: string, text: string, names: Set<string>): string[] {
  const allowed = new Set(HISTORICAL[file] ?? [])
  const missing: string[] = []
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const cited = citedPath(match[1] ?? '')
    if (cited !== undefined && !allowed.has(cited) && !pathExists(cited, names)) missing.push(`\`${cited}\``)
  }
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (match[1] ?? '').split('#')[0] ?? ''
    if (target === '' || /^[a-z]+:/.test(target)) continue
    if (!existsSync(path.join(root, path.dirname(file), target))) missing.push(`link ${target}`)
  }
  return missing
}

describe('paths cited in the docs', () => {
  const names = fileNames()

  it('every cited repository path exists', () => {
    const missing = markdownFiles().flatMap((file) =>
      missingPaths(file, readFileSync(path.join(root, file), 'utf8'), names).map((cited) => `${file}: ${cited}`),
    )
    expect(missing).toEqual([])
  })

  it('every historical exception is still cited where it is listed (else it goes)', () => {
    const stale = Object.entries(HISTORICAL).flatMap(([file, paths]) => {
      const text = readFileSync(path.join(root, file), 'utf8')
      return paths.filter((cited) => !text.includes(`\`${cited}\``)).map((cited) => `${file}: ${cited}`)
    })
    expect(stale).toEqual([])
  })

  it('finds a path that does not exist, and knows one that does', () => {
    const text = 'See `provider/store/no-such-module.ts`, `app/platform/units.ts`, `gone-helper.server.ts` and [a record](decisions/999-none.md).'
    expect(missingPaths('docs/example.md', text, names)).toEqual(['`provider/store/no-such-module.ts`', '`gone-helper.server.ts`', 'link decisions/999-none.md'])
    expect(citedPath('npm run build')).toBeUndefined()
    expect(citedPath('GET /customer/signin')).toBeUndefined()
    expect(citedPath('build/api.js')).toBe('build/api.js')
  })
})

describe('the decision index', () => {
  const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8')
  const rows = [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \|[^|]*\| ([^|]*) \|/gm)]

  it('has one row per record file, and one file per row', () => {
    const files = readdirSync(path.join(root, 'docs/decisions')).filter((file) => /^\d{3}-.*\.md$/.test(file))
    expect(rows.map((row) => row[2]).sort()).toEqual(files.sort())
  })

  it('says how many records there are, in force, amended, superseded and retired', () => {
    const statuses = rows.map((row) => (row[3] ?? '').trim())
    const superseded = statuses.filter((status) => status.startsWith('Superseded')).length
    const retired = statuses.filter((status) => status.startsWith('Retired')).length
    const amended = statuses.filter((status) => status.startsWith('Accepted (amended')).length
    const line = `${rows.length} records: ${rows.length - superseded - retired} in force (${amended} of them amended by a later record), ${superseded} superseded, ${retired} retired.`
    expect(index.split('\n').filter((text) => /^\d+ records:/.test(text))).toEqual([line])
  })
})
