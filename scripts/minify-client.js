// A second minification of the browser build, after `remix build`. The classic compiler minifies
// with esbuild and takes no options for it; terser's renaming and compression make every screen
// 3 to 5 KB (gzip) smaller, most of it in Remix's and React DOM's chunks
// (docs/decisions/255-second-minification-pass.md).
//
// esbuild also appends, to each chunk, the license comment of every module in it: 79 copies of
// lucide's, one per icon. The distinct notices are kept whole, once, in one fingerprinted text file
// beside the chunks, and each chunk that had any ends with a one-line comment naming it (as
// esbuild's own `legalComments: 'linked'` would).
//
// Runs in place over remix.config.js's assetsBuildDirectory; file names stay as esbuild
// fingerprinted them, so the server's manifest still names them.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { minify } from 'terser'
import remixConfig from '../remix.config.js'
import { ESBUILD_LEGAL_BLOCK, noticesLink } from './license-notices.js'

const { assetsBuildDirectory: clientDir, publicPath } = remixConfig

const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
  .map((entry) => path.join(entry.parentPath, entry.name))

/** esbuild's block: "path:\n  (**\n   * text\n   *)" entries; the text with its `*` margins off. */
function noticesIn(block) {
  const notices = []
  for (const match of block.matchAll(/\n {2}\(\*[*!]?\n([\s\S]*?)\n {3}\*\)/g)) {
    notices.push(
      match[1]
        .split('\n')
        .map((line) => line.replace(/^ {3}\* ?/, '').trimEnd())
        .join('\n')
        .trim(),
    )
  }
  return notices
}

const sources = new Map()
const notices = new Set()
let before = 0
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  before += text.length
  const start = text.lastIndexOf(ESBUILD_LEGAL_BLOCK)
  if (start === -1) {
    sources.set(file, { code: text, licensed: false })
    continue
  }
  for (const notice of noticesIn(text.slice(start))) notices.add(notice)
  sources.set(file, { code: text.slice(0, start), licensed: true })
}

const noticeText = `Licenses of the third-party code in these files, each notice once.\n\n${[...notices].sort().join('\n\n---\n\n')}\n`
const noticeName = `third-party-licenses-${createHash('sha256').update(noticeText).digest('hex').slice(0, 8).toUpperCase()}.txt`
if (notices.size > 0) writeFileSync(path.join(clientDir, noticeName), noticeText)

let after = 0
for (const [file, { code, licensed }] of sources) {
  const result = await minify(code, {
    module: true,
    ecma: 2020,
    compress: { passes: 1 },
    mangle: true,
    format: { comments: false },
  })
  const output = licensed ? `${result.code}\n${noticesLink(publicPath, noticeName)}\n` : result.code
  after += output.length
  writeFileSync(file, output)
}
console.log(`minify-client: ${files.length} files, ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} KB (uncompressed); ${notices.size} license notices in ${noticeName}`)
