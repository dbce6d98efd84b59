// `npm run bench:scale` / `npm run bench:seed`: bundles scripts/bench-scale.ts (TypeScript, with
// the provider's modules) into build/ and runs it. BENCH_SCALE=1000,10000,100000 (PostgreSQL sizes),
// BENCH_PGLITE_SCALE=10000 (embedded sizes; empty to skip), BENCH_RUNS=21; `--seed` seeds
// BENCH_PATIENTS into DATABASE_URL (else DATA_DIR) and exits.
import { runBundled } from './run-bundled.js'

await runBundled('scripts/bench-scale.ts', 'build/bench-scale.mjs')
