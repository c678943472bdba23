// Runs inside a pooled worker thread (plain JavaScript, started without the parent's loader flags):
// loads the task module once, then answers one task at a time for as long as the pool keeps the
// thread. The module's default export turns a task's data into its reply; an optional `transfer`
// export names the reply's buffers to move back rather than copy.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

// The parsers may write to the console; nothing of it belongs in the portal's log. Dropped here,
// at the source: a worker's piped stdout would hold the process open even when the thread is idle.
for (const stream of [process.stdout, process.stderr]) stream.write = () => true
for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir']) console[level] = () => {}

// When the pool asks (short tasks only), the thread that answers requests comes first on a busy
// machine: on Linux each thread has its own nice value (/proc/thread-self names this one).
if (workerData.nice)
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice)
  } catch {}

const task = await import(workerData.module)
const handle = task.default
if (typeof handle !== 'function') throw new Error(`${workerData.module} has no default export to run`)

parentPort.on('message', async ({ id, data }) => {
  // A throw here is the task module's bug: uncaught, it ends the thread and the pool reports a crash.
  const reply = await handle(data)
  parentPort.postMessage({ id, reply }, typeof task.transfer === 'function' ? task.transfer(reply) : [])
})
