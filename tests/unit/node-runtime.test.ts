// One Node.js version everywhere (the `node` package that npm scripts run on, the image, the
// version managers' file), and a clear one-line refusal from the built entry points on an older one.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { minimumNode, nodeGuardSource } from '../../scripts/node-guard.js'

const read = (file: string) => readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
  devEngines?: { runtime?: unknown }
  allowScripts?: Record<string, boolean>
}
const pinned = pkg.devDependencies.node
const minimum = minimumNode(pkg.engines.node)

function atLeast(version: string, floor: number[]) {
  const parts = version.split('.').map(Number)
  for (let i = 0; i < 3; i++) if (parts[i] !== floor[i]) return parts[i] > floor[i]
  return true
}

describe('the Node.js version', () => {
  it('is pinned exactly, and the image and .nvmrc use the same one', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(read('Dockerfile')).toMatch(new RegExp(`^ARG NODE_VERSION=${pinned.replaceAll('.', '\\.')}$`, 'm'))
    expect(read('.nvmrc').trim()).toBe(pinned)
    expect(atLeast(pinned, minimum)).toBe(true)
  })

  it('lets the node package run its install script, and leaves devEngines.runtime out', () => {
    // Without its preinstall the package has no binary. devEngines.runtime would be checked
    // against the Node that runs npm itself (the machine's), not the one that runs our scripts.
    expect(pkg.allowScripts?.node).toBe(true)
    expect(pkg.devEngines?.runtime).toBeUndefined()
  })

  it('is the one these tests run on', () => {
    expect(process.versions.node).toBe(pinned)
  })
})

describe('the built entry points’ guard', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'baricare-guard-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}')
  writeFileSync(path.join(dir, 'app.main.js'), "console.log('main loaded')\n")
  const run = (node: string, floor: number[]) => {
    writeFileSync(path.join(dir, 'app.js'), nodeGuardSource(floor, 'app.main.js'))
    return spawnSync(node, [path.join(dir, 'app.js')], { encoding: 'utf8', timeout: 10_000 })
  }

  it('loads the bundle on a new enough Node', () => {
    const result = run(process.execPath, minimum)
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('main loaded\n')
  })

  it('refuses an older Node in one line naming the version needed, and exits 1', () => {
    const result = run(process.execPath, [99, 0, 0])
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe(
      `BariCare needs Node.js 99.0.0 or newer; this is v${process.versions.node}. Start it through npm (npm start), ` +
        'which runs the Node.js that npm install put in node_modules/.bin, or install Node.js 99.',
    )
  })

  // The machine's own Node (Debian's, older) where there is one: the real case.
  const systemNode = '/usr/bin/node'
  const systemVersion = existsSync(systemNode)
    ? spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    : ''
  it.skipIf(!systemVersion || atLeast(systemVersion, minimum))(`turns away ${systemNode} (v${systemVersion})`, () => {
    const result = run(systemNode, minimum)
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain(`needs Node.js ${minimum.join('.')} or newer; this is v${systemVersion}.`)
  })

  it('rejects an engines range it cannot turn into one minimum', () => {
    expect(() => minimumNode('^24')).toThrow('engines.node must read ">=X.Y.Z"')
    expect(minimumNode('>=24.11.0')).toEqual([24, 11, 0])
  })
})

// The app server's V8 settings (package.json’s baricare.serverNodeFlags): every production start
// gives the same ones, and the benches read them from there.
describe('the app server’s Node.js flags', () => {
  const flags = (JSON.parse(read('package.json')) as { baricare: { serverNodeFlags: string[] } }).baricare.serverNodeFlags
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts

  it('are given by npm start, npm run start:prod, the image and its rehearsal', () => {
    expect(flags.length).toBeGreaterThan(0)
    const command = `node ${flags.join(' ')} build/server.js`
    expect(scripts.start).toContain(command)
    expect(scripts['start:prod']).toContain(command)
    expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...flags, 'build/server.js']).replaceAll(',', ', ')}`)
    expect(read('scripts/container-check.sh')).toContain(command)
  })

  it('are ones this Node accepts', () => {
    const result = spawnSync(process.execPath, [...flags, '-e', ''], { encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
  })
})
