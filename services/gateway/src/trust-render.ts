// A trust center page rendered off the thread that answers requests: one worker thread per render
// (trust-render-worker.mjs), through the runner the PDF and spreadsheet readers use, with a heap
// limit and a timeout. One render at a time per process and a short queue: past it, or when a
// render fails, the caller serves the page the browser renders itself.
import { runWorkerThread, Slots } from '@portal/runtime/worker-thread'

/** One render in the three encodings a browser may take, and its strong tag. */
export interface Rendered {
  body: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
}

export interface RenderTask {
  /** web/dist/server/trust-ssr.mjs */
  ssrFile: string
  /** trust.html, prepared (prepareTemplate). */
  template: string
  /** The body of GET /api/trustcenteruser as it came: parsed in the thread. */
  json: Buffer
  changelog?: unknown[]
  origin: string
}

export const renderLimits = {
  /** Threads at once: a render is CPU-bound, and the machine's cores answer requests too. */
  concurrency: 1,
  /** Renders waiting for the thread before pages are left to the browser. */
  maxQueued: 20,
  /** The heap of a page at the size limit (PAGE_WEIGHT_LIMIT of trust-center) with room to spare. */
  memoryMb: 256,
  youngMb: 32,
  timeoutMs: 20_000,
}

const WORKER = new URL('./trust-render-worker.mjs', import.meta.url)
const slots = new Slots()

type Reply = ({ ok: true; etag: string } & Record<'body' | 'br' | 'gzip', Uint8Array>) | { ok: false; detail: string }

const asBuffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)

/** The page rendered, or why not ('busy': too many renders waiting). */
export async function renderInWorker(task: RenderTask, limits = renderLimits): Promise<Rendered | { failed: string }> {
  if (slots.full(limits.concurrency, limits.maxQueued)) return { failed: 'busy' }
  const result = await slots.run(limits.concurrency, () =>
    runWorkerThread<Reply>(WORKER, { workerData: task, memoryMb: limits.memoryMb, youngMb: limits.youngMb, timeoutMs: limits.timeoutMs }),
  )
  if (!('reply' in result)) return { failed: `${result.failed}${result.cause ? `: ${result.cause.message}` : ''}` }
  const reply = result.reply
  if (!reply.ok) return { failed: reply.detail }
  return { body: asBuffer(reply.body), br: asBuffer(reply.br), gzip: asBuffer(reply.gzip), etag: reply.etag }
}
