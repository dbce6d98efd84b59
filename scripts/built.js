// `npm run start:prod` starts what `npm run build` made and does not build: with no build, Node's
// own "Cannot find module" and its stack trace would be the answer. This says it in one line.
import { existsSync } from 'node:fs'
import path from 'node:path'

const buildDir = process.env.BUILD_DIR || 'build'
const missing = ['server.js', 'index.js'].filter((file) => !existsSync(path.join(buildDir, file)))
if (missing.length > 0) {
  console.error(`No build in ${path.resolve(buildDir)} (${missing.join(', ')} missing): run npm run build first, or npm start, which builds and starts.`)
  process.exit(1)
}
