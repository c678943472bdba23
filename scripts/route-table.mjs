// Writes packages/contracts/src/route-table.generated.ts, the gateway's route table, from the routes
// the services declare (services/host/src/route-table.ts starts each service's module on a bare
// server and records them). Run after adding, removing or renaming a route: `pnpm run route-table`.
// `--check` writes nothing and exits 1 when the file is stale (tests/integration/route-table.test.ts
// checks the same).
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { collectRouteTable, renderRouteTable, ROUTE_TABLE_COMMAND, ROUTE_TABLE_FILE } from '../services/host/src/route-table.ts'

const root = path.resolve(import.meta.dirname, '..')
const file = path.join(root, ROUTE_TABLE_FILE)
const table = await collectRouteTable()
const text = renderRouteTable(table)
const current = await readFile(file, 'utf8').catch(() => '')
const count = Object.values(table).reduce((n, routes) => n + routes.length, 0)
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error(`${ROUTE_TABLE_FILE} does not match the services' routes: run \`${ROUTE_TABLE_COMMAND}\``)
    process.exit(1)
  }
  console.log(`${ROUTE_TABLE_FILE} is up to date (${count} routes)`)
} else if (current === text) {
  console.log(`${ROUTE_TABLE_FILE} is up to date (${count} routes)`)
} else {
  await writeFile(file, text)
  console.log(`${ROUTE_TABLE_FILE} written (${count} routes)`)
}
// The services' timers and pools are stopped; anything a library left behind must not hold the process.
process.exit(0)
