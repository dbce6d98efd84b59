// Makes `npm test` self-sufficient on a fresh machine: end-to-end tests need Chromium.
// Uses Debian's /usr/bin/chromium; installs it when missing and we are root; otherwise says what to do.
import { execFileSync, execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'

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
if (existsSync(CHROMIUM) || playwrightHasOwnBrowser()) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt) {
  console.log('Chromium not found: installing Debian\'s chromium (apt-get) for the end-to-end tests…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  })
  process.exit(0)
}
console.error(
  'The end-to-end tests need Chromium. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
    'or `npx playwright install chromium` where downloads work, or set CHROMIUM_PATH.',
)
process.exit(1)
