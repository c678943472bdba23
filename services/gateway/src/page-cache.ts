// The gateway's copy of each published host's public page: the data the trust-center service
// answered (its JSON bytes and version tag) and the page rendered from it. A view within
// TRUST_PAGE_REVALIDATE of the last answer is served from here without asking the service; past
// it, or once the bus says the host's content changed (events.trustCenterChanged), the next view
// asks again with If-None-Match (304: kept as it is). Bounded in bytes (data and renders counted),
// the least recently viewed hosts leave first.
import { ByteCache } from '@portal/runtime/byte-cache'
import type { Rendered } from './trust-render.js'

/** Bytes of page data and renders kept, all encodings counted (a page at the trust center's size limit renders to a few MB). */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024
/**
 * How long an announced tag is waited for: a replica of the service that has not heard of the
 * change yet may still answer the old version for a moment (its lookups live a second).
 */
const EXPECT_MS = 5000
const MAX_EXPECTED = 10_000

export interface PageEntry {
  /** The version tag of GET /api/trustcenteruser's answer. */
  tag: string
  /** That answer's bytes, as the service sent them. */
  json: Buffer
  /** Rendered from `json`; undefined until a render succeeds. */
  page?: Rendered
  /** Served without asking until then (0: ask on the next view). */
  validUntil: number
}

export class PublicPageCache {
  private readonly entries: ByteCache<string, PageEntry>
  /** Tags announced for hosts: an answer with another tag (older) is kept but asked again. */
  private readonly expected = new Map<string, { tag: string; until: number }>()

  constructor(
    private readonly revalidateMs: number,
    maxBytes = PAGE_CACHE_BYTES,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new ByteCache(maxBytes)
  }

  /** Bytes held. */
  get bytes(): number {
    return this.entries.bytes
  }

  /** The host's entry, current or not (see fresh). */
  get(host: string): PageEntry | undefined {
    return this.entries.get(host)
  }

  /** Servable without asking the service. */
  fresh(entry: PageEntry): boolean {
    return this.now() < entry.validUntil
  }

  /**
   * Keeps what the service answered now for this host (new data, or the same tag confirmed by a
   * 304), fresh unless a newer tag was announced meanwhile. A render of the same tag is kept.
   */
  answered(host: string, tag: string, json?: Buffer): PageEntry | undefined {
    const old = this.entries.get(host)
    const data = json ?? (old?.tag === tag ? old.json : undefined)
    if (!data) return undefined
    const entry: PageEntry = { tag, json: data, validUntil: this.waitingForAnother(host, tag) ? 0 : this.now() + this.revalidateMs }
    if (old?.tag === tag && old.page) entry.page = old.page
    this.entries.set(host, entry, weight(entry))
    return entry
  }

  /** The render of this version, if the host still holds it. */
  rendered(host: string, tag: string, page: Rendered): void {
    const entry = this.entries.get(host)
    if (entry?.tag !== tag) return
    entry.page = page
    this.entries.set(host, entry, weight(entry))
  }

  /** The content of this host changed to the version tagged `tag`: asked again on the next view. */
  changed(host: string, tag: string): void {
    const entry = this.entries.get(host)
    if (entry?.tag === tag) return // already this version (asked before the event arrived)
    if (entry) entry.validUntil = 0
    if (this.expected.size >= MAX_EXPECTED) this.pruneExpected()
    this.expected.set(host, { tag, until: this.now() + EXPECT_MS })
  }

  /** The host serves no page any more (unpublished, renamed): nothing of it is kept. */
  drop(host: string): void {
    this.entries.delete(host)
    this.expected.delete(host)
  }

  private waitingForAnother(host: string, tag: string): boolean {
    const want = this.expected.get(host)
    if (!want) return false
    if (want.tag === tag || want.until <= this.now()) {
      this.expected.delete(host)
      return false
    }
    return true
  }

  private pruneExpected(): void {
    const now = this.now()
    for (const [host, want] of this.expected) if (want.until <= now) this.expected.delete(host)
    // Still full (a flood of announcements): the oldest go; their hosts are asked again at the latest after revalidateMs.
    for (const host of this.expected.keys()) {
      if (this.expected.size < MAX_EXPECTED) break
      this.expected.delete(host)
    }
  }
}

const weight = (e: PageEntry) => e.json.length + (e.page ? e.page.body.length + e.page.br.length + e.page.gzip.length : 0)
