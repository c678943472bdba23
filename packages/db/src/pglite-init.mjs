// Runs in a worker thread (plain JavaScript, loaded the same under tsx, jest and the build): creates
// a new PGlite data folder and closes it. Creating one runs initdb in a WebAssembly instance of its
// own, hundreds of MB that the main thread would keep until a major collection; the thread's memory
// goes with the thread.
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const pglite = await PGlite.create(workerData.dataDir, { startParams: workerData.startParams })
await pglite.close()
