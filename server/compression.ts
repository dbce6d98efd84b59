import compression from 'compression'
import { constants } from 'node:zlib'

/**
 * A 256 KB window covers every page we send in one piece (a year of trends is about 165 KB of
 * HTML), so a larger one buys no smaller answer.
 */
export const BROTLI_WINDOW_BITS = 18

/**
 * Response compression as browsers ask for it (Brotli first). The middleware's Brotli encoder keeps
 * zlib's default 4 MB window, which every response allocates and clears, whatever its size: that
 * doubled the app's CPU per compressed page and, through V8's accounting of that native memory,
 * made its heap limits costly (docs/decisions/239-compression-window-and-heap-growth.md).
 */
export function responseCompression() {
  return compression({ brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } })
}
