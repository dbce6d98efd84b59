// The simulator's plumbing: reading requests, writing JSON and HTML answers, its one page style,
// and the time conversions its wire format needs.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const SECOND = 1000

/** Now, in Unix seconds (Withings' unit for every time). */
export const now = () => Math.floor(Date.now() / SECOND)

export function unix(value: string | number): number {
  return typeof value === 'number' ? value : Math.floor(Date.parse(value) / SECOND)
}

export function localDate(unixSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(unixSeconds * SECOND))
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function isJson(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').includes('application/json')
}

export function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

export function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(body)
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Withings (simulated)</title>
<style>
  :root { color-scheme: light dark; --bg: #f4f6f8; --card: #fff; --fg: #1b2430; --muted: #5b6675; --accent: #00829b; --border: #d5dbe2; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f151c; --card: #18212b; --fg: #e8edf2; --muted: #a7b2bf; --accent: #4cc3d9; --border: #334150; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
  header { padding: 12px 20px; border-bottom: 1px solid var(--border); background: var(--card); font-weight: 700; letter-spacing: .02em; }
  header span { color: var(--muted); font-weight: 400; }
  main { max-width: 480px; margin: 24px auto; padding: 24px; background: var(--card); border: 1px solid var(--border); border-radius: 12px; }
  h1 { font-size: 1.35rem; margin: 0 0 12px; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin-top: 16px; }
  input[type=email] { width: 100%; padding: 10px 12px; margin-top: 6px; border: 1px solid var(--border); border-radius: 8px; font: inherit; background: var(--bg); color: var(--fg); }
  .hint, .lead { color: var(--muted); font-size: .9rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 20px; }
  button { flex: 1 1 140px; padding: 10px 16px; border-radius: 8px; border: 1px solid var(--accent); background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  @media (prefers-color-scheme: dark) { button { color: #06222a; } }
  button.secondary { background: transparent; color: var(--fg); border-color: var(--border); }
  @media (max-width: 520px) { main { margin: 0; border-radius: 0; border-width: 0 0 1px; } }
</style></head>
<body><header>Withings <span>· simulated for development</span></header>
<main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`
}
