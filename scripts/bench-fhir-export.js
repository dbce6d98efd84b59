// `npm run bench:fhir-export`: bundles scripts/bench-fhir-export.ts (TypeScript, with the provider's
// modules) into build/ and runs it: a FHIR Bulk Data system export of BENCH_FHIR_PATIENTS (default
// 10,000) patients with a year of weekly weights, on PostgreSQL and on PGlite (BENCH_FHIR_PGLITE=0
// skips PGlite). Needs no app build.
import { runBundled } from './run-bundled.js'

await runBundled('scripts/bench-fhir-export.ts', 'build/bench-fhir-export.mjs')
