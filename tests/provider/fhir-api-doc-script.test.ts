// The Node.js script docs/fhir-api.md gives a hospital's integration team, run as written against a
// real provider: it makes a key pair and prints the JWKS to register, then signs an assertion, gets a
// token and reads the CapabilityStatement. A doc example that stops working fails here.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { createFhirClient } from '../../provider/store/fhir-clients'
import { useTestProvider } from './helpers'

const provider = useTestProvider()
const dir = mkdtempSync(path.join(tmpdir(), 'baricare-fhir-doc-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the script without blocking this process, which serves the provider it talks to. */
async function runScript(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['fhir-client.mjs', ...args], { cwd: dir, encoding: 'utf8' })
  return stdout
}

test('the sample script in docs/fhir-api.md registers, gets a token and reads the metadata', async () => {
  const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/fhir-api.md'), 'utf8')
  const script = /```js\n([\s\S]*?)```/.exec(page)?.[1]
  expect(script).toBeDefined()
  // The team installs jose next to the script; here the script sits in a temporary folder.
  writeFileSync(path.join(dir, 'fhir-client.mjs'), (script ?? '').replace("from 'jose'", `from '${import.meta.resolve('jose')}'`))
  const base = `http://localhost:${new URL(provider.url).port}/fhir/`
  const first = await runScript(base)
  const jwks = JSON.parse(first.slice(first.indexOf('{'))) as { keys: Record<string, unknown>[] }
  expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-384', alg: 'ES384', kid: expect.any(String) })
  expect(jwks.keys[0]).not.toHaveProperty('d')
  const client = await createFhirClient(provider.db, { name: 'Docs example', jwksUrl: null, jwks, scopes: ['system/Patient.rs', 'system/Observation.rs'], createdBy: null })
  expect((await runScript(base, client.clientId)).trim()).toBe('system/Patient.rs system/Observation.rs 4.0.1')
})
