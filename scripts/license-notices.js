// How the browser build's third-party license notices are written (scripts/minify-client.js) and
// checked (scripts/size.js), in one place: esbuild's inline block that the second minification
// takes out, and the one-line link it leaves in each chunk (docs/decisions/255-second-minification-pass.md).

/** The start of the block esbuild appends to a chunk: every bundled module's license comment. */
export const ESBUILD_LEGAL_BLOCK = '/*! Bundled license information:'

/** The comment that ends a chunk whose notices moved to `file`, served under `publicPath`. */
export const noticesLink = (publicPath, file) => `/*! Licenses: ${publicPath}${file} */`

/** The notices files a chunk's text links to, by name. */
export function linkedNoticeFiles(text, publicPath) {
  const escape = (literal) => literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const [before, after] = noticesLink(publicPath, '\0').split('\0')
  const link = new RegExp(`${escape(before)}([\\w.-]+)${escape(after)}`, 'g')
  return [...text.matchAll(link)].map(([, file]) => file)
}
