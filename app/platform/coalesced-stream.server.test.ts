import { describe, expect, it } from 'vitest'
import { CoalescedStream } from './coalesced-stream.server'

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('CoalescedStream', () => {
  it('passes the chunks written in one turn on as one, and a later turn’s when it comes', async () => {
    const stream = new CoalescedStream()
    const out: string[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')))
    for (const part of ['<html>', '<head></head>', '<body>', 'shell']) stream.write(Buffer.from(part))
    await turn()
    await turn()
    expect(out).toEqual(['<html><head></head><body>shell'])
    // A deferred part, later: it is not held back for anything else.
    stream.write(Buffer.from('<script>late</script>'))
    await turn()
    await turn()
    expect(out).toEqual(['<html><head></head><body>shell', '<script>late</script>'])
    stream.write(Buffer.from('</body>'))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.end(Buffer.from('</html>'))
    await ended
    expect(out.join('')).toBe('<html><head></head><body>shell<script>late</script></body></html>')
  })
})
