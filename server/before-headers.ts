import type { Response } from 'express'

/**
 * Runs `change` just before the response's headers are written, after the Remix handler set its
 * own (it appends them, then lets the first write send them), so a middleware can see and adjust
 * what the route answered.
 */
export function beforeHeaders(res: Response, change: () => void): void {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    change()
    return writeHead.apply(this, args)
  } as Response['writeHead']
}
