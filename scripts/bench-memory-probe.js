// Loaded into the benched servers by `npm run bench:memory` (node --expose-gc --import): on SIGUSR2
// it collects all garbage, then writes the main thread's heap figures to BENCH_MEMORY_PROBE_OUT,
// so the bench can tell live data (what the heap holds after a full collection) from memory V8
// has grown into and not yet given back. Bench-only: the production start does not load it.
import { writeFileSync } from 'node:fs'

const out = process.env.BENCH_MEMORY_PROBE_OUT
if (out) {
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage()
    globalThis.gc?.()
    const after = process.memoryUsage()
    writeFileSync(out, JSON.stringify({ collected: typeof globalThis.gc === 'function', before, after }))
  })
}
