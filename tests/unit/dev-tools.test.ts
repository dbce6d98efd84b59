import type { Request } from 'express'
import { describe, expect, it } from 'vitest'
import { fromLoopback } from '../../server/dev-tools'

const from = (remoteAddress: string | undefined, forwarded?: string) =>
  ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as Request

describe('fromLoopback', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])('accepts %s', (address) => {
    expect(fromLoopback(from(address))).toBe(true)
  })

  it.each(['10.0.0.5', '192.168.1.2', '::ffff:10.1.2.3', 'fe80::1', '', undefined])('refuses %s', (address) => {
    expect(fromLoopback(from(address))).toBe(false)
  })

  it('never believes a forwarded header', () => {
    expect(fromLoopback(from('203.0.113.9', '127.0.0.1'))).toBe(false)
  })
})
