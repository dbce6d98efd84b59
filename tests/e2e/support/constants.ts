// Ports of the server the end-to-end run starts (playwright.config.ts) and of its embedded provider.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? 3211)
export const PROVIDER_URL = `http://127.0.0.1:${E2E_PROVIDER_PORT}/`

/**
 * Where each spec that starts servers of its own puts them: a block of SPEC_PORT_BLOCK ports from
 * E2E_PORT + offset. Specs run at the same time in different workers, so two specs sharing a port
 * would find it taken (spawnServer refuses) or, worse, test the other's server;
 * tests/unit/e2e-ports.test.ts checks that the blocks stay apart and that specs take their ports
 * from here. A new spec adds its own row.
 */
const SPEC_PORT_OFFSETS = {
  // Clear of E2E_PORT and E2E_PROVIDER_PORT (+0, +1), and all below +100: engineers sharing a
  // machine give their runs port sets 100 apart.
  'seed-demo': 5,
  reminders: 10,
  'messages-email': 15,
  metrics: 20,
  'spec-only-provider': 25,
  'abuse-limits': 30,
  'embedded-api-thread': 35,
  'provider-faults': 40,
  'spec-texts': 50,
  'two-instances': 60,
  'smtp-email': 70,
  'session-privacy': 80,
  'admin-mfa': 85,
  // The Withings simulator of the main e2e server (E2E_WITHINGS_PORT below).
  withings: 90,
} as const

export const SPEC_PORT_BLOCK = 5

export type PortSpec = keyof typeof SPEC_PORT_OFFSETS

/** The `index`th port (0 to SPEC_PORT_BLOCK - 1) of a spec's block. */
export function specPort(spec: PortSpec, index = 0): number {
  if (!Number.isInteger(index) || index < 0 || index >= SPEC_PORT_BLOCK) {
    throw new Error(`${spec}: port ${index} is outside its block of ${SPEC_PORT_BLOCK}`)
  }
  return E2E_PORT + SPEC_PORT_OFFSETS[spec] + index
}

/** The offsets, for the check that they stay apart. */
export const specPortOffsets: Readonly<Record<PortSpec, number>> = SPEC_PORT_OFFSETS

/** The local Withings simulator the e2e server starts (WITHINGS_SIMULATOR=1, playwright.config.ts). */
export const E2E_WITHINGS_PORT = Number(process.env.E2E_WITHINGS_PORT ?? specPort('withings'))
export const WITHINGS_SIMULATOR_URL = `http://127.0.0.1:${E2E_WITHINGS_PORT}/`
