import type { Request } from 'express'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * Whether the request came from this machine, by the socket's own address: never a forwarded
 * header. The /dev/* screens (a mailbox with password-reset links, the simulated device consent)
 * are tools for a developer at this machine, so they answer only then (and never in production).
 */
export function fromLoopback(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '')
}
