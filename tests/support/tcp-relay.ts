// A TCP relay to a real server that a test can cut (connections destroyed, new ones refused) and
// restore on the same port: a backend "going away" without stopping the machine's server, which
// other suites use at the same time.
import { connect, createServer, type Server, type Socket } from 'node:net'

export async function tcpRelay(host: string, port: number) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let listenPort = 0
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(port, host)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((r) => server!.listen(listenPort, '127.0.0.1', r))
    listenPort = (server.address() as { port: number }).port
  }
  await open()
  return {
    port: () => listenPort,
    cut: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => server!.close(() => r()))
    },
    restore: open,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => (server?.listening ? server.close(() => r()) : r()))
    },
  }
}
