import { describe, expect, it } from 'vitest'
import { holdsUnstorableText, isStorableText } from './stored-text'

describe('text the database can store', () => {
  it.each(['', 'plain', 'naïve café', 'emoji \uD83D\uDE00 pair', '\t\n\r', '\uFFFD'])('stores %j', (text) => {
    expect(isStorableText(text)).toBe(true)
  })

  it.each(['a\u0000b', '\u0000', 'a\uD800', '\uD800b', 'a\uDC00b', '\uDE00\uD83D', 'x\uDBFF'])('refuses %j', (text) => {
    expect(isStorableText(text)).toBe(false)
  })

  it('looks through objects, lists and keys', () => {
    expect(holdsUnstorableText({ a: 'ok', b: [1, 'fine', { c: true }], d: null })).toBe(false)
    expect(holdsUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toBe(true)
    expect(holdsUnstorableText({ ['k\uD800']: 1 })).toBe(true)
    expect(holdsUnstorableText('\uDC00')).toBe(true)
    expect(holdsUnstorableText(42)).toBe(false)
  })
})

it('walks a value nested far deeper than the call stack', () => {
  let deep: unknown = 'x\u0000'
  for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep }
  expect(holdsUnstorableText(deep)).toBe(true)
})
