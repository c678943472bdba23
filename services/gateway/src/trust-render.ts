// A trust center page rendered off the thread that answers requests: a large page takes about a
// second to parse, render and compress. One long-lived worker thread (trust-render-worker.mjs, the
// renderer loaded once) with a heap limit renders one page at a time; a render past its time ends
// the thread (the next render starts another), and a short queue waits behind it. Past the queue,
// or when a render fails, the caller serves the page the browser renders itself.
import { Worker } from 'node:worker_threads'
import { Slots } from '@portal/runtime/worker-thread'

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
  /** Renders waiting for the thread before pages are left to the browser. */
  maxQueued: 20,
  /** The heap of a page at the size limit (PAGE_WEIGHT_LIMIT of trust-center) with room to spare. */
  memoryMb: 256,
  youngMb: 32,
  timeoutMs: 20_000,
}

const WORKER = new URL('./trust-render-worker.mjs', import.meta.url)
/** One render at a time: a render is CPU-bound, and the machine's cores answer requests too. */
const slots = new Slots()
let thread: Worker | undefined

type Reply = ({ ok: true; etag: string } & Record<'body' | 'br' | 'gzip', Uint8Array>) | { ok: false; detail: string }

const asBuffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)

function worker(limits: typeof renderLimits): Worker {
  if (thread) return thread
  const w = new Worker(WORKER, {
    // Plain JavaScript: without the parent's loader flags (tsx) the thread is much lighter.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: limits.youngMb },
  })
  w.unref() // an idle renderer never keeps the process alive (nor a stopping portal)
  w.once('exit', () => {
    if (thread === w) thread = undefined
  })
  thread = w
  return w
}

/** Sends the task to the thread and waits for its reply, its end, or the timeout (which ends it). */
function run(task: RenderTask, limits: typeof renderLimits): Promise<Reply> {
  const w = worker(limits)
  return new Promise<Reply>((resolve) => {
    const done = (reply: Reply) => {
      clearTimeout(timer)
      w.off('message', onMessage).off('error', onError).off('exit', onExit)
      resolve(reply)
    }
    const onMessage = (reply: Reply) => done(reply)
    const onError = (err: Error) => done({ ok: false, detail: err.message })
    const onExit = () => done({ ok: false, detail: 'the render thread exited' })
    const timer = setTimeout(() => {
      done({ ok: false, detail: `render took over ${limits.timeoutMs} ms` })
      void w.terminate()
    }, limits.timeoutMs)
    w.on('message', onMessage).on('error', onError).on('exit', onExit)
    w.postMessage(task)
  })
}

/** The page rendered, or why not ('busy': too many renders waiting). */
export async function renderInWorker(task: RenderTask, limits = renderLimits): Promise<Rendered | { failed: string }> {
  if (slots.full(1, limits.maxQueued)) return { failed: 'busy' }
  const reply = await slots.run(1, () => run(task, limits))
  if (!reply.ok) return { failed: reply.detail }
  return { body: asBuffer(reply.body), br: asBuffer(reply.br), gzip: asBuffer(reply.gzip), etag: reply.etag }
}
