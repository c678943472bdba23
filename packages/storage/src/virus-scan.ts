// Virus scan of a file from outside the company before it is stored (security.md B26), by clamd's
// INSTREAM command over TCP: the file is streamed in chunks, each prefixed with its length, ended
// by a zero length; clamd answers `stream: OK` or `stream: <signature> FOUND`. A scanner that is
// configured but cannot answer refuses the file (503): a file is never stored unscanned.
import { createReadStream } from 'node:fs'
import { connect } from 'node:net'
import { AppError } from '@portal/errors'

export type ScanVerdict = { clean: true } | { clean: false; signature: string }

export interface VirusScanner {
  readonly kind: 'clamd' | 'none'
  /** The verdict on a local file (an upload spooled to disk). */
  scan(path: string): Promise<ScanVerdict>
}

const unavailable = (why: string) =>
  new AppError('UNAVAILABLE', { message: `The virus scanner could not check the file (${why}); please try again later`, retryAfter: 30 })

/** clamd at `url` (tcp://host:port); without one, every file passes (content checks still apply). */
export function createVirusScanner(url: string | undefined, opts: { timeoutMs?: number } = {}): VirusScanner {
  if (!url) return { kind: 'none', scan: async () => ({ clean: true }) }
  const { hostname, port } = new URL(url)
  const timeoutMs = opts.timeoutMs ?? 60_000
  return {
    kind: 'clamd',
    scan: (path) =>
      new Promise<ScanVerdict>((resolve, reject) => {
        const socket = connect({ host: hostname, port: Number(port) || 3310 })
        let reply = ''
        let settled = false
        const done = (err: Error | undefined, verdict?: ScanVerdict) => {
          if (settled) return
          settled = true
          socket.destroy()
          if (err) reject(err)
          else resolve(verdict!)
        }
        socket.setTimeout(timeoutMs, () => done(unavailable('no answer in time')))
        socket.on('error', (err) => done(unavailable((err as NodeJS.ErrnoException).code ?? 'connection failed')))
        socket.on('data', (chunk) => {
          reply += chunk.toString('latin1')
          const end = reply.indexOf('\0')
          if (end < 0) return
          const answer = reply.slice(0, end).trim()
          const found = /^stream: (.+) FOUND$/.exec(answer)
          if (found) done(undefined, { clean: false, signature: found[1]! })
          else if (answer === 'stream: OK') done(undefined, { clean: true })
          else done(unavailable(answer.slice(0, 100)))
        })
        socket.on('close', () => done(unavailable('connection closed')))
        socket.on('connect', async () => {
          try {
            socket.write('zINSTREAM\0')
            for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
              const length = Buffer.alloc(4)
              length.writeUInt32BE((chunk as Buffer).length)
              if (!socket.write(Buffer.concat([length, chunk as Buffer]))) await new Promise((r) => socket.once('drain', r))
              if (settled) return // clamd answered early (a size limit): stop sending
            }
            socket.write(Buffer.alloc(4)) // zero length: the end of the stream
          } catch (err) {
            done(err instanceof Error ? err : unavailable('the file could not be read'))
          }
        })
      }),
  }
}
