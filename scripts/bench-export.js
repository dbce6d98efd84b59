// `npm run bench:export` (and part of `npm run bench`): bundles scripts/bench-export.ts (TypeScript,
// with the provider's modules) into build/ and runs it: the record download of one patient with five
// years of daily data, its time and the API's memory. Needs `npm run build` first (it starts build/api.js).
import { runBundled } from './run-bundled.js'

await runBundled('scripts/bench-export.ts', 'build/bench-export.mjs')
