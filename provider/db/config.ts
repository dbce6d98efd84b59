import { DEFAULT_POOL_MAX, type EngineOptions } from './engine.js'
import { ExpectedFailure } from '../expected-failure.js'

type Env = Record<string, string | undefined>

/**
 * Reads DATABASE_URL and DATABASE_POOL_MAX. A bad value is refused with a sentence, in the app's
 * `Invalid environment: …` style, rather than surfacing later as a driver error.
 */
export function engineOptionsFromEnv(env: Env, dataDir: string): EngineOptions {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ExpectedFailure('Invalid environment: DATABASE_URL must start with postgres:// or postgresql://')
  }
  const poolText = env.DATABASE_POOL_MAX?.trim()
  let poolMax = DEFAULT_POOL_MAX
  if (poolText) {
    poolMax = Number(poolText)
    if (!Number.isInteger(poolMax) || poolMax < 1 || poolMax > 1000) {
      throw new ExpectedFailure(
        `Invalid environment: DATABASE_POOL_MAX must be a whole number between 1 and 1000 ("${poolText}")`,
      )
    }
  }
  return { databaseUrl, dataDir, poolMax }
}
