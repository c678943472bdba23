// A protocol-level clamd for tests: answers INSTREAM (length-prefixed chunks ended by a zero
// length) with `stream: Eicar-Test-Signature FOUND` when the stream holds the EICAR test string,
// `stream: OK` otherwise. The real scanner's verdicts are its own; this checks our client and flow.
import { createServer, type Socket } from 'node:net'

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'

/** A scan held before its verdict: `reached` once the file is in, the verdict sent on `release()`. */
export interface HeldScan {
  reached: Promise<void>
  release(): void
}

export async function startFakeClamd(): Promise<{ url: string; scanned: () => number; hold(): HeldScan; close(): Promise<void> }> {
  let scanned = 0
  let held: { reached: () => void; released: Promise<void> } | undefined
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffer = Buffer.alloc(0)
    let command = true
    const parts: Buffer[] = []
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      if (command) {
        const end = buffer.indexOf(0)
        if (end < 0) return
        if (buffer.subarray(0, end).toString() !== 'zINSTREAM') return void socket.end('UNKNOWN COMMAND\0')
        buffer = buffer.subarray(end + 1)
        command = false
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0)
        if (length === 0) {
          scanned++
          const infected = Buffer.concat(parts).includes(EICAR)
          const gate = held
          held = undefined
          gate?.reached()
          return void (gate?.released ?? Promise.resolve()).then(() => socket.end(infected ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0'))
        }
        if (buffer.length < 4 + length) return
        parts.push(buffer.subarray(4, 4 + length))
        buffer = buffer.subarray(4 + length)
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  return {
    url: `tcp://127.0.0.1:${port}`,
    scanned: () => scanned,
    /** Holds the next scan's verdict until released (to act while an upload waits on its scan). */
    hold: () => {
      let reached = () => {}
      let release = () => {}
      const gate = { reached: new Promise<void>((r) => (reached = r)), released: new Promise<void>((r) => (release = r)) }
      held = { reached, released: gate.released }
      return { reached: gate.reached, release }
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}
