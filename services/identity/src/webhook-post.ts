// One webhook delivery over the network: a POST that connects only to an address checked after DNS
// (the lookup below is the connection's own, so no second resolution can differ from what was
// checked: DNS rebinding meets the same rule), never follows redirects, gives up after the timeout,
// and reads at most RESPONSE_CAP bytes of the answer.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { isPublicAddress } from './domain/public-address.js'

export const RESPONSE_CAP = 64 * 1024
const EXCERPT_CHARS = 500

export interface PostResult {
  statusCode: number | null
  responseExcerpt: string
  error: string | null
}

export class PrivateTargetError extends Error {
  override name = 'PrivateTargetError'
}

const refused = (host: string) => new PrivateTargetError(`${host} resolves to a loopback or private address`)

/** dns.lookup, refusing every name with an address a webhook may not reach. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4)
    const list = addresses as LookupAddress[]
    if (!list.length || list.some((a) => !isPublicAddress(a.address))) return callback(refused(hostname), '', 4)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const url = new URL(target)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // A literal address is connected to without a lookup: checked here instead.
  if (!opts.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host))
    return Promise.resolve({ statusCode: null, responseExcerpt: '', error: refused(host).message })
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const done = (r: PostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(r)
    }
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'TrustPortal-Webhook/1', ...headers },
        ...(opts.allowPrivate ? {} : { lookup: checkedLookup }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const finish = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS)
          const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300
          done({ statusCode: res.statusCode ?? null, responseExcerpt: excerpt, error: ok ? null : `The receiver answered ${res.statusCode}` })
          req.destroy()
        }
        res.on('data', (c: Buffer) => {
          size += c.length
          if (size <= RESPONSE_CAP) chunks.push(c)
          else finish() // enough read: the rest is not waited for
        })
        res.on('end', finish)
        res.on('error', finish)
      },
    )
    const timer = setTimeout(() => {
      done({ statusCode: null, responseExcerpt: '', error: `No answer within ${opts.timeoutMs / 1000} s` })
      req.destroy()
    }, opts.timeoutMs)
    req.on('error', (err) =>
      done({ statusCode: null, responseExcerpt: '', error: err instanceof PrivateTargetError ? err.message : `Could not deliver: ${err.message}` }),
    )
    req.end(body)
  })
}
