// The embedded databases that test runs copy instead of building their own (an initdb'd PGlite
// directory, and one with every migration applied), kept between runs in node_modules/.cache.
// Making one costs about 10 s and 15 CPU-seconds on our two cores; Vitest's set-up
// (tests/support/pglite-template.ts) and the end-to-end server (scripts/e2e-server.js) used to make
// theirs every run, one after the other in `npm test`. Now the first to need one makes it and the
// rest copy it, in this run and the next.
//
// An entry is named by a hash of what decides its contents: PGlite's version, and the sources that
// create and migrate the database. Change a migration (or upgrade PGlite) and the next run makes a
// new entry; entries of other hashes are removed once they are a day old (another checkout of
// another version may still be using a fresh one).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const cacheRoot = path.join(root, 'node_modules', '.cache', 'baricare-pglite')
const DAY_MS = 24 * 60 * 60 * 1000

/** The installed PGlite's version (its package.json is not among the files it exports). */
function pgliteVersion() {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'))
      if (name === '@electric-sql/pglite') return version
    }
    if (path.dirname(dir) === dir) throw new Error('the @electric-sql/pglite package has no package.json')
  }
}

let key
/** The hash that names this tree's templates, computed once per process. */
function contentKey() {
  if (key) return key
  const hash = createHash('sha256')
  hash.update(`pglite ${pgliteVersion()}\n`)
  const migrations = path.join(root, 'provider/db/migrations')
  const files = [
    'provider/db/engine.ts',
    'provider/db/migrate.ts',
    ...readdirSync(migrations)
      .sort()
      .map((name) => path.join('provider/db/migrations', name)),
  ]
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(root, file)))
  key = hash.digest('hex').slice(0, 16)
  return key
}

/**
 * Where this tree's `kind` template lives ('initdb' or 'migrated'): a PGlite data directory, the
 * `pglite` directory of a DATA_DIR of its own (it may not exist yet).
 * @param {'initdb' | 'migrated'} kind
 * @returns {string}
 */
export function templatePath(kind) {
  return path.join(cacheRoot, `${kind}-${contentKey()}`, 'pglite')
}

/**
 * Makes the template at `target` (a `templatePath`, or any `…/pglite` path) unless it is there:
 * `make(pgliteDir)` must leave a closed PGlite data directory at `pgliteDir`. It works in a
 * directory of its own, renamed into place at the end, so two runs making the same template at once
 * both end with a whole one.
 * @param {string} target
 * @param {(pgliteDir: string) => Promise<void> | void} make
 * @returns {Promise<string>}
 */
export async function ensureTemplate(target, make) {
  if (existsSync(path.join(target, 'PG_VERSION'))) return target
  const entry = path.dirname(target)
  const building = `${entry}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  try {
    await make(path.join(building, 'pglite'))
    if (!existsSync(path.join(building, 'pglite', 'PG_VERSION'))) throw new Error(`no template was made at ${target}`)
    try {
      renameSync(building, entry)
    } catch (error) {
      // Another run put its own in place meanwhile: use that one.
      if (!existsSync(path.join(target, 'PG_VERSION'))) throw error
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
  if (path.dirname(entry) === cacheRoot) pruneStale(contentKey())
  return target
}

function pruneStale(current) {
  for (const name of readdirSync(cacheRoot)) {
    if (name.includes(`-${current}`)) continue
    const full = path.join(cacheRoot, name)
    try {
      if (Date.now() - statSync(full).mtimeMs > DAY_MS) rmSync(full, { recursive: true, force: true })
    } catch {
      // Gone already (another run pruned it).
    }
  }
}
