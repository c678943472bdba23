// Answers compressed (issue 26): brotli or gzip, as the client accepts, for JSON and text of at least
// 1 KB. Brotli at quality 1: the 300-question review list (150 KB of JSON) takes 0.45 ms of CPU and
// 26.6 KB, against 1.8 ms and 23.9 KB at 4 and tens of ms at the default 11 (measured with
// process.cpuUsage on these machines); these answers are made per request, so CPU matters more
// than the last 10 %. What is compressed already or meant to be streamed as it is keeps its bytes:
// files and exports (their media types are not listed here), event streams, replies that carry a
// Content-Encoding (the gateway's pre-compressed scripts and public pages, a service's answer passed
// on by the gateway's proxy). Request bodies are never decompressed: a body is read as sent.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'

/** Answers smaller than this are sent as they are: compressing them saves little and costs a call. */
export const COMPRESS_THRESHOLD = 1024

/** Bytes up to which an answer is compressed at once rather than as a stream. */
export const SYNC_UP_TO = 512 * 1024

/** JSON (application/json, …+json) and text other than event streams. */
export const compressibleType = (type: string) => /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/(?!event-stream)/i.test(type)

export const compressOptions: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_THRESHOLD,
  // Up to this size a reply is compressed in one call (under a millisecond for the review list);
  // the stream path costs several times that in buffers and ticks. Larger ones still stream.
  syncThreshold: SYNC_UP_TO,
  customTypes: compressibleType,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
}

/** `body` compressed as the plugin would (brotli at quality 1, gzip at its default), for replies a route keeps compressed. */
export function compressSync(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, compressOptions.brotliOptions) : gzipSync(body)
}
