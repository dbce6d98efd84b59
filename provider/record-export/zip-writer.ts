// A ZIP written to a stream as it is made (fflate), one file after another: the caller appends text
// and each file is deflated and sent in pieces, waiting whenever the client reads slower than we
// write, so memory holds a chunk or two, never the file.
import type { Writable } from 'node:stream'
import { strToU8, Zip, ZipDeflate } from 'fflate'

/** Text is handed to the compressor in pieces of about this size. */
const CHUNK_CHARS = 64 * 1024

/** The client went away mid-download: stop reading the database. */
export class DownloadAborted extends Error {
  constructor() {
    super('the client closed the download')
  }
}

export interface ZipFile {
  /** Appends text to the file; resolves when the client can take more. */
  write(text: string): Promise<void>
}

export class ZipWriter {
  private readonly zip: Zip
  private failure: Error | null = null
  private waiting: Promise<void> | null = null

  constructor(
    private readonly out: Writable,
    private readonly mtime: Date,
  ) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error
        return
      }
      if (this.out.destroyed || this.out.writableEnded) return
      const accepted = this.out.write(chunk)
      if (!accepted && !this.waiting) {
        this.waiting = new Promise<void>((resolve) => {
          const done = () => {
            this.out.off('drain', done)
            this.out.off('close', done)
            this.waiting = null
            resolve()
          }
          this.out.on('drain', done)
          this.out.on('close', done)
        })
      }
      if (final) this.out.end()
    })
  }

  private async settle(): Promise<void> {
    if (this.failure) throw this.failure
    if (this.waiting) await this.waiting
    if (this.out.destroyed) throw new DownloadAborted()
  }

  /** Adds one file and lets `fill` write it; the next file starts when this one is complete. */
  async file(name: string, fill: (file: ZipFile) => Promise<void>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 })
    entry.mtime = this.mtime
    this.zip.add(entry)
    let buffer = ''
    const flush = async (final: boolean) => {
      entry.push(strToU8(buffer), final)
      buffer = ''
      await this.settle()
    }
    await fill({
      write: async (text: string) => {
        buffer += text
        if (buffer.length >= CHUNK_CHARS) await flush(false)
      },
    })
    await flush(true)
  }

  /** Writes the central directory and ends the stream. */
  async end(): Promise<void> {
    this.zip.end()
    await this.settle()
  }
}
