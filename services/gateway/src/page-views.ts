// Views of public pages the gateway served from its cache, which never reached the trust-center
// service (which counts them, "Page loaded 37 times"): tallied here per host and client and sent
// on the bus every few seconds (TRUST_PAGE_VIEWS_SUBJECT). The service counts them under its
// per-client limit, as if each view had called. Views are best-effort as the bus is: a batch lost
// with NATS, or with a gateway that dies, is a few seconds of views uncounted.
import type { TrustPageViews } from '@portal/contracts'
import type { ServiceContext } from '@portal/http'

export const FLUSH_MS = 5000
/** Distinct (host, client) pairs held before a batch leaves early: bounds memory and a message's size. */
export const MAX_PAIRS = 10_000
/** Views of one client in one batch worth sending: the service counts at most 60 a minute per client anyway. */
const MAX_PER_CLIENT = 100

export class PageViewTally {
  private counts = new Map<string, { host: string; ip: string; count: number }>()
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly send: (batch: TrustPageViews) => Promise<void>,
    private readonly log: Pick<ServiceContext['logger'], 'warn'>,
    opts: { flushMs?: number; maxPairs?: number } = {},
  ) {
    this.maxPairs = opts.maxPairs ?? MAX_PAIRS
    this.timer = setInterval(() => void this.flush(), opts.flushMs ?? FLUSH_MS)
    this.timer.unref()
  }

  private readonly maxPairs: number

  count(host: string, ip: string): void {
    const key = `${host} ${ip}`
    const hit = this.counts.get(key)
    if (hit) {
      hit.count = Math.min(hit.count + 1, MAX_PER_CLIENT)
      return
    }
    if (this.counts.size >= this.maxPairs) void this.flush()
    this.counts.set(key, { host, ip, count: 1 })
  }

  /** Sends what was tallied; a failed send is logged (the views are not counted). */
  async flush(): Promise<void> {
    if (!this.counts.size) return
    const views = [...this.counts.values()]
    this.counts = new Map()
    try {
      await this.send({ views })
    } catch (err) {
      this.log.warn({ err, pairs: views.length }, 'page views not sent to the trust-center service')
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
