// Answers compressed (issue 26): brotli or gzip, as the client accepts, for JSON and text of at least
// 1 KB. Brotli at quality 4: the review list (about 100 KB of JSON) costs well under a millisecond,
// where the default 11 costs tens. What is compressed already or meant to be streamed as it is keeps
// its bytes: files and exports (their media types are not listed here), event streams, replies that
// carry a Content-Encoding (the gateway's pre-compressed scripts and public pages, a service's answer
// passed on by the gateway's proxy). Request bodies are never decompressed: a body is read as sent.
import { constants } from 'node:zlib'
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
  // Up to this size a reply is compressed in one call (about 1 ms for the 300-question review list);
  // the stream path costs several times that in buffers and ticks. Larger ones still stream.
  syncThreshold: SYNC_UP_TO,
  customTypes: compressibleType,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
}
