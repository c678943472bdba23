// The review list's rows kept as JSON text, per questionnaire, under each row's digest (issue 26). A
// save changes one row: the list made again after it reads and serializes that row alone, and joins
// the others' kept text; only their ids and digests come from the database. Bounded in bytes.
import { ByteCache } from '@portal/runtime/byte-cache'

/** JSON text of kept rows in one process: about a hundred 300-question lists. */
const KEPT_BYTES = 16 * 1024 * 1024

type Rows = Map<string, { digest: string; json: string }>
const kept = new ByteCache<string, Rows>(KEPT_BYTES)

/**
 * The JSON text of each row `listed` names, in its order: kept text where the row's digest is the
 * same, else made by `read` (the rows of those ids, as the list shows them) and kept.
 */
export async function rowsAsJson<T extends { _id: string }>(
  key: string,
  listed: { id: string; digest: string }[],
  read: (ids: string[]) => Promise<T[]>,
): Promise<string[]> {
  const before = kept.get(key)
  const missing = listed.filter((r) => before?.get(r.id)?.digest !== r.digest).map((r) => r.id)
  const fresh = new Map((missing.length ? await read(missing) : []).map((row) => [row._id, JSON.stringify(row)]))
  const now: Rows = new Map()
  let bytes = 0
  const out: string[] = []
  for (const { id, digest } of listed) {
    // A row changed again between the two reads is taken as read: the list's digest (its ETag) was
    // taken before both, so the next call makes it again.
    const json = fresh.get(id) ?? before?.get(id)?.json
    if (json === undefined) continue // deleted between the two reads
    now.set(id, { digest, json })
    out.push(json)
    bytes += json.length + id.length + digest.length
  }
  kept.set(key, now, bytes)
  return out
}
