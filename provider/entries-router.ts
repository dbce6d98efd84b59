// Extension support: the contract's Router only knows exact paths and GET/POST/PUT; the health log
// also needs paths that carry an id (`v1/auth/entries/weight/12/`) and DELETE.
import { ApiError } from './errors.js'
import { Router, type AnswerSchema, type FoundRoute, type Handler, type Method } from './http.js'

export interface ItemRoute {
  method: Method | 'DELETE'
  /** Matched against the whole path (no leading slash); the handler reads the id from req.path. */
  pattern: RegExp
  /** What `content` looks like on success (http.ts AnswerSchema). */
  answer?: AnswerSchema
  handler: Handler
}

/** A Router that also serves item paths: 405 for a matching path with another method. */
export class RouterWithItems extends Router {
  private readonly items: ItemRoute[] = []

  addItems(routes: ItemRoute[]): void {
    this.items.push(...routes)
  }

  override find(method: string, path: string): FoundRoute {
    const matching = this.items.filter((route) => route.pattern.test(path))
    if (matching.length === 0) return super.find(method, path)
    const route = matching.find((candidate) => candidate.method === method)
    if (!route) throw new ApiError(405, 'Method not allowed')
    return { handler: route.handler, answer: route.answer }
  }

  override unchecked(): string[] {
    return [
      ...super.unchecked(),
      ...this.items.filter((route) => !route.answer).map((route) => `${route.method} ${route.pattern.source}`),
    ]
  }
}
