/**
 * A first-come first-served lock whose waiters can give up. PGlite has one connection; this is
 * what hands it out, a whole transaction or a single statement at a time. PGlite's own locks
 * would serialize too, but a waiter queued there cannot be withdrawn: it would run later, after
 * its caller had been told it failed.
 */
export class TimedMutex {
  #locked = false
  readonly #waiters: Array<() => void> = []

  /** Resolves with the function that releases the lock; rejects after `timeoutMs` of waiting. */
  acquire(timeoutMs: number, describe: () => string): Promise<() => void> {
    if (!this.#locked) {
      this.#locked = true
      return Promise.resolve(this.#releaser())
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer)
        resolve(this.#releaser())
      }
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(grant)
        if (index >= 0) this.#waiters.splice(index, 1)
        reject(new Error(describe()))
      }, timeoutMs)
      this.#waiters.push(grant)
    })
  }

  get locked(): boolean {
    return this.#locked
  }

  #releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#waiters.shift()
      // The lock passes straight to the next waiter, so nobody can slip in between.
      if (next) next()
      else this.#locked = false
    }
  }
}
