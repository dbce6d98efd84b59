/** A redirect target that keeps the request's query string (e.g. /signup?ref=x → /customer/signup?ref=x). */
export function withSameQuery(request: Request, pathname: string) {
  const { search } = new URL(request.url)
  return `${pathname}${search}`
}
