// The single binary: `TARGET=all` (default) runs the whole portal in one process; a comma list of
// targets runs those services alone, against real servers (see the README).
import { ConfigError, envTable, loadConfig } from '@portal/config'
import { createLogger, startTelemetry } from '@portal/observability'
import { demoPlan } from './demo-policy.js'

if (process.argv.includes('--env-table')) {
  console.log(envTable())
  process.exit(0)
}

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
  demoPlan(config) // refuses the demo's public password on a reachable host or a real database
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`)
    process.exit(1)
  }
  throw err
}

// Telemetry first: its instrumentations must patch modules before they are imported.
// One service name per target set, so a trace shows which process each span ran in.
const telemetry = await startTelemetry(config, config.all || !config.targets.length ? 'trust-portal' : `trust-portal-${config.targets.join('+')}`)
const logger = createLogger(config)

// TARGET=migrate: every schema's migrations and the app role, then exit (the deployment's migration Job).
if (config.migrateOnly) {
  const { runMigrations } = await import('./migrate.js')
  const code = await runMigrations(config, logger).then(
    () => 0,
    (err: unknown) => {
      logger.fatal({ err }, 'migration failed')
      return 1
    },
  )
  await telemetry.shutdown()
  process.exit(code)
}
const { startPortal } = await import('./app.js')
const { startMetricsServer } = await import('./metrics-server.js')

const portal = await startPortal(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, 'start-up failed')
  process.exit(1)
})

let metricsServer: Awaited<ReturnType<typeof startMetricsServer>>
let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // Past SHUTDOWN_TIMEOUT the process exits anyway (the queue gave running jobs two thirds of it).
  const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref()
  await metricsServer?.close()
  await portal.stop()
  await telemetry.shutdown()
  clearTimeout(timer)
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await portal.server.listen({ port: config.port, host: config.host })
} catch (err) {
  logger.fatal({ err }, `cannot listen on ${config.host}:${config.port}`)
  await portal.stop()
  process.exit(1)
}
try {
  metricsServer = await startMetricsServer(config, portal.ctx, logger)
} catch (err) {
  logger.fatal({ err }, 'start-up failed')
  await portal.stop()
  process.exit(1)
}

const url = config.publicUrl
const lines = [`Trust Portal (${config.all ? 'all targets' : config.targets.join(', ')}) is listening at ${url}`]
if (portal.demo) {
  // A password from DEMO_PASSWORD is a secret: never printed.
  const password = portal.demo.passwordFromConfig
    ? 'the password in DEMO_PASSWORD'
    : portal.demo.passwordCurrent
      ? `password ${portal.demo.password}`
      : 'the password you gave it (it is no longer the built-in one; "Forgot password" mails a code to the outbox in DATA_DIR/outbox)'
  lines.push(`  Sign in at ${url}/login as ${portal.demo.email} with ${password}`)
  lines.push('  Then open AI Questionnaire Review → Sample Customer: its questionnaire is drafted from its sample document')
  if (portal.trustCenterUrl) lines.push(`  Public trust center: ${portal.trustCenterUrl} (one access request waits under Trust Center Access Request)`)
  if (portal.inboundUrl) lines.push(`  Answer the questionnaire sent to Northwind Traders (Security Questionnaire) as the client would: ${portal.inboundUrl}`)
} else if (config.all && config.seedDemo === undefined) {
  lines.push('  No demo tenant: it is seeded only with the embedded database on a loopback HOST (elsewhere: SEED_DEMO=true and DEMO_PASSWORD)')
}
if (portal.ctx.mail?.kind === 'outbox')
  lines.push(`  Emails (invites, reset codes, trust-center access links) are kept in ${config.dataDir}/outbox and printed here`)
lines.push(`  API docs: ${url}/api/docs`)
// Stdout is JSON lines (pino) unless a person watches it: then the banner is for them.
if (process.stdout.isTTY) console.log(`\n${lines.join('\n')}\n`)
else logger.info({ url, targets: config.all ? ['all'] : config.targets, banner: lines }, 'listening')
