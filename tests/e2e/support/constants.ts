// Ports of the server the end-to-end run starts (playwright.config.ts) and of its embedded provider.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? 3211)
export const PROVIDER_URL = `http://127.0.0.1:${E2E_PROVIDER_PORT}/`
/**
 * The local Withings simulator the e2e server starts (WITHINGS_SIMULATOR=1, playwright.config.ts):
 * +90, clear of the ports the specs give the servers they spawn (+30 to +80).
 */
export const E2E_WITHINGS_PORT = Number(process.env.E2E_WITHINGS_PORT ?? E2E_PORT + 90)
export const WITHINGS_SIMULATOR_URL = `http://127.0.0.1:${E2E_WITHINGS_PORT}/`
