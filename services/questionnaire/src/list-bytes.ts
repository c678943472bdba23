// The review list's answer kept as bytes, per questionnaire and encoding, under the version of what
// it shows (listDigest, and the window asked): many reviewers reading a list nobody changed cost one small query each,
// not a read of every row, its serialization and its compression (issue 26). Bounded in bytes; a
// changed list has another version, so a stale answer is never sent.
import { compressSync, matches, pickEncoding } from '@portal/http'
import { ByteCache } from '@portal/runtime/byte-cache'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Bytes of kept lists in one process: about a thousand 300-question lists, compressed. */
const KEPT_BYTES = 32 * 1024 * 1024

/** Below this an answer goes uncompressed, as the compression plugin decides (COMPRESS_THRESHOLD). */
const COMPRESS_FROM = 1024

const kept = new ByteCache<string, { version: string; body: Buffer; encoded: boolean }>(KEPT_BYTES)

/**
 * Answers a list request: 304 when the client has this version of the list, the kept bytes when this
 * process made them, else `make()`'s JSON text (the route's reply schema, made by list-rows.ts from
 * kept rows), compressed and kept (one per questionnaire, window and encoding).
 */
export async function sendList(req: FastifyRequest, reply: FastifyReply, key: string, version: string, make: () => Promise<string>): Promise<FastifyReply> {
  const tag = `W/"${version}"`
  // API answers stay no-store (server.ts): the tag is for clients that keep the list themselves.
  reply.header('ETag', tag).header('Vary', 'Accept-Encoding')
  if (matches(req.headers['if-none-match'], tag)) return reply.code(304).send()
  const encoding = pickEncoding(req.headers['accept-encoding'])
  const slot = `${key}:${encoding ?? 'identity'}`
  let hit = kept.get(slot)
  if (hit?.version !== version) {
    const json = Buffer.from(await make())
    const encoded = !!encoding && json.length >= COMPRESS_FROM
    hit = { version, body: encoded && encoding ? compressSync(json, encoding) : json, encoded }
    kept.set(slot, hit, hit.body.length + slot.length)
  }
  reply.type('application/json; charset=utf-8')
  if (hit.encoded && encoding) reply.header('Content-Encoding', encoding)
  return reply.send(hit.body)
}
