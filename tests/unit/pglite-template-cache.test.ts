import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ensureTemplate, templatePath } from '../../scripts/pglite-template-cache.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function scratch() {
  const dir = mkdtempSync(path.join(tmpdir(), 'baricare-template-cache-'))
  dirs.push(dir)
  return dir
}

/** A stand-in for initdb: a directory with a PG_VERSION file and a marker of who made it. */
const fakeDataDir = (maker: string) => (pgliteDir: string) => {
  mkdirSync(pgliteDir, { recursive: true })
  writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '17')
  writeFileSync(path.join(pgliteDir, 'maker'), maker)
}

describe('the PGlite template cache', () => {
  test('makes a template once; the next caller gets the same one without making it', async () => {
    const target = path.join(scratch(), 'migrated-abc', 'pglite')
    expect(await ensureTemplate(target, fakeDataDir('first'))).toBe(target)
    let madeAgain = false
    await ensureTemplate(target, () => {
      madeAgain = true
    })
    expect(madeAgain).toBe(false)
    expect(readFileSync(path.join(target, 'maker'), 'utf8')).toBe('first')
  })

  test('a make that leaves no database fails, and leaves nothing behind to be taken for a template', async () => {
    const root = scratch()
    const target = path.join(root, 'migrated-abc', 'pglite')
    await expect(ensureTemplate(target, () => undefined)).rejects.toThrow(/no template was made/)
    await expect(
      ensureTemplate(target, () => {
        throw new Error('initdb failed')
      }),
    ).rejects.toThrow('initdb failed')
    expect(readdirSync(root)).toEqual([])
  })

  test('two runs making it at once both end with a whole template', async () => {
    const target = path.join(scratch(), 'migrated-abc', 'pglite')
    // The second finishes first; the first then finds the template in place and uses it.
    let releaseFirst = () => {}
    const first = ensureTemplate(target, async (dir) => {
      await new Promise<void>((resolve) => (releaseFirst = resolve))
      fakeDataDir('first')(dir)
    })
    await Promise.resolve()
    // Meanwhile the other run puts its template in place.
    fakeDataDir('second')(target)
    releaseFirst()
    expect(await first).toBe(target)
    expect(readFileSync(path.join(target, 'maker'), 'utf8')).toBe('second')
    expect(readdirSync(path.dirname(path.dirname(target)))).toEqual(['migrated-abc'])
  })

  test('a template is named by its kind and a hash of what makes it', () => {
    const path1 = templatePath('migrated')
    expect(path1).toMatch(/node_modules\/\.cache\/baricare-pglite\/migrated-[0-9a-f]{16}\/pglite$/)
    expect(templatePath('initdb')).toBe(path1.replace('/migrated-', '/initdb-'))
  })
})
