// One resource per Vitest run, however many projects list the globalSetup that makes it. Vitest
// runs each project's globalSetup on its own, each through its own module loader (so a module-level
// variable is not shared), but all of them in the one main process: the resource lives on
// globalThis, counted, and the last project to tear down stops it.

interface Entry<T> {
  value: Promise<T>
  users: number
  stop: (value: T) => void | Promise<void>
}

function registry(): Map<string, Entry<unknown>> {
  const key = Symbol.for('baricare.vitest.run-shared')
  const holder = globalThis as { [key]?: Map<string, Entry<unknown>> }
  return (holder[key] ??= new Map())
}

/**
 * The run's `name` resource, started by the first caller; resolves to it and its release, which
 * stops it once every caller has released it. A start that fails is forgotten, so each project
 * reports the failure itself.
 */
export async function acquireForRun<T>(
  name: string,
  start: () => Promise<T>,
  stop: (value: T) => void | Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> {
  const entries = registry()
  let entry = entries.get(name) as Entry<T> | undefined
  if (!entry) {
    entry = { value: start(), users: 0, stop }
    entries.set(name, entry as Entry<unknown>)
  }
  entry.users += 1
  const current = entry
  let value: T
  try {
    value = await current.value
  } catch (error) {
    if (entries.get(name) === current) entries.delete(name)
    throw error
  }
  let released = false
  return {
    value,
    async release() {
      if (released) return
      released = true
      current.users -= 1
      if (current.users > 0 || entries.get(name) !== current) return
      entries.delete(name)
      await current.stop(value)
    },
  }
}
