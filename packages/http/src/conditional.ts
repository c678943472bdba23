// Content negotiation and conditional requests, one way for every service: which encoding a client
// takes, and whether its If-None-Match names the tag of what it would get.

/** The encoding to send: brotli, else gzip, else none (an encoding given `q=0` is refused). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>()
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name)
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined
}

/**
 * If-None-Match names this tag (`*` names any): the weak comparison RFC 9110 prescribes for it. An
 * encoding's suffix (`-br`, `-gz`) does not count: the content is the same.
 */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) =>
    t
      .trim()
      .replace(/^W\//, '')
      .replace(/-(br|gz)"$/, '"')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
