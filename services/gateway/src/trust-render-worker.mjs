// @ts-check
// Renders versions of public trust centers, inside a worker thread (trust-render.ts starts it with
// a heap limit, and ends it when a render takes too long or fails the thread): parsing the page's data, the server
// render, and brotli and gzip of the result take a large page about a second, which the thread
// answering requests must never spend. Plain JavaScript, so it loads the same under tsx, jest and
// the production build (which copies it beside the bundle).
import { createHash } from 'node:crypto'
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { pathToFileURL } from 'node:url'
import { parentPort } from 'node:worker_threads'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// On a busy machine the thread that answers requests comes first (as the spreadsheet worker does):
// on Linux each thread has its own nice value, and this one yields.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
} catch {}

/** @param {Uint8Array} u8 */
const buffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)
/** @type {Map<string, Promise<any>>} */
const renderers = new Map()

/**
 * @param {{ ssrFile: string, template: string, json: Uint8Array, changelog?: unknown[], origin: string }} task
 */
async function render(task) {
  if (!renderers.has(task.ssrFile)) renderers.set(task.ssrFile, import(pathToFileURL(task.ssrFile).href))
  const { renderTrustCenter } = await renderers.get(task.ssrFile)
  const { data } = JSON.parse(buffer(task.json).toString('utf8'))
  const page = task.changelog ? { ...data, changelog: task.changelog } : data
  const out = renderTrustCenter({ page, path: '/', origin: task.origin })
  const html = task.template
    .replace('<title>Trust Center</title>', () => out.head)
    .replace('<div id="root"></div>', () => `<div id="root">${out.body}</div>\n    ${out.data}`)
  const body = Buffer.from(html, 'utf8')
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  const gzip = gzipSync(body, { level: 9 })
  // A strong tag over the bytes: each encoding adds its own suffix (trust-page.ts).
  const etag = createHash('sha256').update(body).digest('base64url').slice(0, 32)
  return { body, br, gzip, etag }
}

// One long-lived thread renders one page after another (trust-render.ts sends one at a time): the
// renderer is loaded once, not per version. A reply per task, an error included.
parentPort?.on('message', async (/** @type {any} */ task) => {
  try {
    const result = await render(task)
    // Moved, not copied: the bytes are the main thread's from here on (small ones live in Node's
    // shared pool, which cannot be moved: those are copied).
    const own = [result.body, result.br, result.gzip].filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength).map((b) => b.buffer)
    parentPort?.postMessage({ ok: true, ...result }, /** @type {ArrayBuffer[]} */ (own))
  } catch (err) {
    parentPort?.postMessage({ ok: false, detail: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  }
})
