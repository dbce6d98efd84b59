import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SPEC_PORT_BLOCK, specPortOffsets } from '../e2e/support/constants'

// Playwright runs spec files at the same time in different workers. A spec that starts servers
// of its own must not pick a port another spec uses: spawnServer then refuses to start, or (when
// the other's server is already up) the spec tests the wrong server. Every spec takes its ports
// from its own block in tests/e2e/support/constants.ts; these checks keep it that way as specs are
// added.

const e2eDir = path.resolve(import.meta.dirname, '../e2e')
const specs = readdirSync(e2eDir)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => ({ name: file.replace(/\.spec\.ts$/, ''), text: readFileSync(path.join(e2eDir, file), 'utf8') }))

describe('ports of the servers e2e specs start', () => {
  it('gives each spec a block of its own, clear of the main server and its API (+0, +1)', () => {
    const blocks = Object.entries(specPortOffsets).sort((a, b) => a[1] - b[1])
    for (const [spec, offset] of blocks) expect(offset, spec).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < blocks.length; i++) {
      const [previous, previousOffset] = blocks[i - 1]
      const [spec, offset] = blocks[i]
      expect(offset - previousOffset, `${previous} and ${spec}`).toBeGreaterThanOrEqual(SPEC_PORT_BLOCK)
    }
  })

  // Engineers sharing a machine give their runs port sets 100 apart (E2E_PORT=5000, 5100, ...).
  it('keeps every block below E2E_PORT + 100, where the next run on the machine starts', () => {
    const beyond = Object.entries(specPortOffsets).filter(([, offset]) => offset + SPEC_PORT_BLOCK > 100)
    expect(beyond).toEqual([])
  })

  it('has no spec work a port out from E2E_PORT itself', () => {
    const offenders = specs.filter((spec) => /E2E_PORT\s*\+|PORT\s*\+\s*\d/.test(spec.text)).map((spec) => spec.name)
    expect(offenders).toEqual([])
  })

  it('has each spec use only its own block', () => {
    const borrowed = specs.flatMap((spec) =>
      [...spec.text.matchAll(/specPort\(\s*'([^']+)'/g)].map((m) => m[1]).filter((name) => name !== spec.name).map((name) => `${spec.name} uses ${name}'s ports`),
    )
    expect(borrowed).toEqual([])
  })
})
