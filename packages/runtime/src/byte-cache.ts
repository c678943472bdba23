// A cache bounded by the bytes it holds, not by its number of entries: entries differ in size by
// orders of magnitude (a small trust center's page and one at its size limit), so a count bounds
// nothing. The least recently used entries leave first.

export class ByteCache<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  /** Bytes held now (never more than maxBytes). */
  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    const hit = this.#entries.get(key)
    if (!hit) return undefined
    // Map order is insertion order: moved to the end, it is now the most recently used.
    this.#entries.delete(key)
    this.#entries.set(key, hit)
    return hit.value
  }

  /** Keeps `value` under `key` (replacing what was there); false when it alone weighs more than the whole bound. */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key)
    if (bytes > this.maxBytes) return false
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
    this.#entries.set(key, { value, bytes })
    this.#bytes += bytes
    return true
  }

  delete(key: K): void {
    const hit = this.#entries.get(key)
    if (!hit) return
    this.#entries.delete(key)
    this.#bytes -= hit.bytes
  }
}
