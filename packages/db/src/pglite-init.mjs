// Runs as a child process (plain JavaScript, loaded the same under tsx, jest and the build): creates
// a new PGlite data folder and closes it. Creating one runs initdb in a WebAssembly instance of its
// own, hundreds of MB that the parent would keep until a major collection; the child's memory goes
// with it. (Not a worker thread: V8 once aborted the whole process freeing a thread's WebAssembly code.)
import { PGlite } from '@electric-sql/pglite'

const { dataDir, startParams } = JSON.parse(process.argv[2])
const pglite = await PGlite.create(dataDir, { startParams })
await pglite.close()
