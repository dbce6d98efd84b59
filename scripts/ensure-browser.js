// Makes `npm test` self-sufficient on a fresh machine: end-to-end tests need Chromium.
// The tests run in Debian's headless shell (/usr/bin/chromium-headless-shell, the lighter build
// playwright.config.ts prefers); Debian's chromium brings the fonts and is what `npm run screens`
// and `npm run lighthouse` use. Both are installed when missing and we are root; otherwise it says
// what to do.
import { execFileSync, execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' }

function playwrightHasOwnBrowser() {
  try {
    // This script's own Node (the project's, under npm), not whichever `node` comes first on PATH.
    const out = execFileSync(process.execPath, ['-e', "console.log(require('playwright-core').chromium.executablePath())"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return existsSync(out.toString().trim())
  } catch {
    return false
  }
}

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) process.exit(0)
const missing = Object.entries(DEBIAN_PACKAGES)
  .filter(([, binary]) => !existsSync(binary))
  .map(([name]) => name)
if (missing.length === 0) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt) {
  console.log(`Installing Debian's ${missing.join(' and ')} (apt-get) for the end-to-end tests…`)
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  })
  process.exit(0)
}
// Not root: any one Chromium will do, only slower than the headless shell.
if (existsSync(DEBIAN_PACKAGES.chromium) || existsSync(DEBIAN_PACKAGES['chromium-headless-shell']) || playwrightHasOwnBrowser()) {
  process.exit(0)
}
console.error(
  'The end-to-end tests need Chromium. Install it with `sudo apt-get install -y chromium chromium-headless-shell` (Debian/Ubuntu), ' +
    'or `npx playwright install chromium` where downloads work, or set CHROMIUM_PATH.',
)
process.exit(1)
