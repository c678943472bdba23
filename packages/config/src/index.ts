// The only module that reads the environment. Every variable is declared once in `variables`,
// which also feeds the README's table (`node --import tsx services/host/src/main.ts --env-table`).
// Bad values are refused at start-up with a message naming the variable.

export const TARGETS = ['gateway', 'identity', 'trust-center', 'questionnaire', 'outbound', 'ingest-worker', 'llm-worker'] as const
export type Target = (typeof TARGETS)[number]

type Kind = 'string' | 'int' | 'bool' | 'url' | 'enum' | 'list'
interface VarSpec {
  kind: Kind
  default?: string
  values?: readonly string[]
  description: string
  secret?: boolean
}

export const variables = {
  TARGET: {
    kind: 'list',
    default: 'all',
    description:
      "`all` (one process), `migrate` (alone: runs every service's migrations and creates the app role `portal_app`, then exits) or a comma list of: " +
      TARGETS.join(', '),
  },
  PORT: { kind: 'int', default: '3000', description: 'HTTP port' },
  HOST: { kind: 'string', default: '127.0.0.1', description: 'Interface to listen on (`0.0.0.0` in containers)' },
  METRICS_PORT: {
    kind: 'string',
    default: '9464',
    description:
      'Port of the Prometheus `/metrics` (on HOST; never the public port); `off` = none, `0` = any free port. The default port taken by another process only warns; a port set explicitly that is taken stops start-up',
  },
  DATA_DIR: { kind: 'string', default: './.data', description: 'Embedded data: PGlite database, file blobs, signing keys, development outbox' },
  PUBLIC_URL: { kind: 'url', description: 'Base URL used in emailed links (default `http://localhost:$PORT`); never taken from request headers' },
  DATABASE_URL: { kind: 'url', description: 'PostgreSQL URL; empty = embedded PGlite in DATA_DIR', secret: true },
  DB_MIGRATE: {
    kind: 'enum',
    values: ['auto', 'off'],
    default: 'auto',
    description:
      "Run each service's migrations (and create the app role) at start-up; `off` when a `TARGET=migrate` run did it, and DATABASE_URL is the app role's",
  },
  DB_ROW_SECURITY: {
    kind: 'enum',
    values: ['on', 'off'],
    default: 'on',
    description:
      'Test setting: `off` makes the tenant policies admit every row (queries still need a tenant scope), so tests prove the code filters by tenant itself; refused unless `HOST` is loopback',
  },
  REDIS_URL: { kind: 'url', description: 'Redis URL for BullMQ queues; empty = in-process queue', secret: true },
  NATS_URL: { kind: 'url', description: 'NATS URL for the event bus; empty = in-process bus' },
  S3_ENDPOINT: { kind: 'url', description: 'S3/MinIO endpoint, e.g. `http://127.0.0.1:9000`; empty = files in DATA_DIR/blobs' },
  S3_ACCESS_KEY: { kind: 'string', description: 'S3 access key', secret: true },
  S3_SECRET_KEY: { kind: 'string', description: 'S3 secret key', secret: true },
  S3_BUCKET: { kind: 'string', default: 'portal', description: 'S3 bucket (created when missing)' },
  S3_REGION: { kind: 'string', default: 'us-east-1', description: 'S3 region' },
  S3_PART_SIZE: {
    kind: 'int',
    default: '8',
    description: 'MB per part of a multipart upload (5 to 5120): what an upload holds in memory; larger files are sent in parts',
  },
  SMTP_URL: {
    kind: 'url',
    description:
      'SMTP URL (`smtp://user:pass@host:587`); empty = development outbox (DATA_DIR/outbox, printed at a terminal; the log names the file, never the body)',
    secret: true,
  },
  MAIL_FROM: { kind: 'string', default: 'Trust Portal <no-reply@localhost>', description: 'Sender of every email' },
  JWT_PRIVATE_KEY: { kind: 'string', description: 'PKCS#8 PEM Ed25519 signing key; empty = generated once into DATA_DIR/keys', secret: true },
  JWT_ISSUER: { kind: 'string', default: 'trust-portal', description: 'Token issuer' },
  JWT_AUDIENCE: { kind: 'string', default: 'trust-portal-api', description: 'Token audience' },
  ACCESS_TOKEN_TTL: { kind: 'int', default: '900', description: 'Access token lifetime, seconds (at most 900)' },
  REFRESH_TOKEN_TTL: { kind: 'int', default: '2592000', description: 'Refresh token lifetime, seconds (rotated on every use)' },
  REFRESH_REUSE_WINDOW: {
    kind: 'int',
    default: '2592000',
    description:
      'Seconds a used (rotated or revoked) refresh token is kept so that its reuse ends its session; then the hourly sweep deletes it and it is merely refused. Expired tokens are deleted a day after expiry whatever this says',
  },
  AUDIT_RETENTION_DAYS: {
    kind: 'int',
    default: '365',
    description:
      "Days the audit log keeps an entry, for the whole installation; the hourly sweep removes older ones and keeps the last removed entry's hash as the chain's anchor. 0 keeps every entry",
  },
  DEVICE_IDLE_DAYS: {
    kind: 'int',
    default: '90',
    description: 'Days a trusted device (a browser that signed in) may go without signing in before the hourly sweep forgets it',
  },
  OTP_DIGITS: { kind: 'enum', values: ['4', '6'], default: '4', description: 'Digits of the password-reset code' },
  SSO_ALLOW_LOOPBACK: {
    kind: 'bool',
    default: 'false',
    description: 'Test setting: SSO issuers on http loopback addresses accepted (a provider started by a test); refused unless `HOST` is loopback',
  },
  SIGNUP_BLOCKED_DOMAINS: {
    kind: 'list',
    default: 'mailinator.com,guerrillamail.com,10minutemail.com,yopmail.com,trashmail.com',
    description: 'Email domains not eligible for sign-up',
  },
  TRUST_CENTER_DOMAIN: { kind: 'string', default: 'localhost', description: 'Product domain under which published trust centers live (`<cname>.<domain>`)' },
  SEED_DEMO: {
    kind: 'bool',
    description:
      'Seed the demo tenant at start-up (TARGET=all only); empty = only with the embedded database on a loopback `HOST` (`npm start`). `true` with `DATABASE_URL` or a non-loopback `HOST` needs `DEMO_PASSWORD`',
  },
  DEMO_PASSWORD: {
    kind: 'string',
    description:
      'Password of the demo admin (`admin@demo.example`) when it is seeded; empty = the built-in one, printed at start-up, which only a loopback embedded portal may use',
    secret: true,
  },
  TRUST_PROXY: { kind: 'string', default: '', description: 'Proxy addresses/CIDRs whose X-Forwarded-* headers are trusted; empty = none' },
  IDENTITY_URL: { kind: 'url', description: 'Split mode: base URL of the identity service (gateway routes, JWKS for other services)' },
  TRUST_CENTER_URL: { kind: 'url', description: 'Split mode: base URL of the trust-center service' },
  QUESTIONNAIRE_URL: { kind: 'url', description: 'Split mode: base URL of the questionnaire service' },
  OUTBOUND_URL: { kind: 'url', description: 'Split mode: base URL of the outbound service' },
  GATEWAY_TIMEOUT: {
    kind: 'int',
    default: '60',
    description: 'Split mode: seconds the gateway waits for a service to start answering (and between parts of its answer) before it answers 504',
  },
  TRUST_PAGE_REVALIDATE: {
    kind: 'int',
    default: '30',
    description:
      "Seconds the gateway serves a public trust center page from its cache before asking the trust-center service again whether it changed (changes announced on the bus are seen at once; this bounds a lost event's effect)",
  },
  JOB_LEASE: {
    kind: 'int',
    default: '60',
    description: 'Seconds a file job holds its file per renewal (renewed every third of it while the job runs): a worker that died frees its files after this',
  },
  SWEEP_INTERVAL: {
    kind: 'int',
    default: '30',
    description:
      'Seconds between sweeps that queue again what a lost job left behind: files queued or past their lease, questionnaires that should be drafting, outbound extractions',
  },
  SHUTDOWN_TIMEOUT: {
    kind: 'int',
    default: '45',
    description:
      "Seconds a stopping process (SIGTERM) may take: running jobs get two thirds of it to finish, then are left for another worker; past it the process exits anyway. Keep it below the orchestrator's grace period",
  },
  WEB_DIST: { kind: 'string', default: 'web/dist', description: 'Folder of the built web app served by the gateway' },
  OPENAI_BASE_URL: {
    kind: 'url',
    description:
      'OpenAI-compatible API for drafting answers (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp), e.g. `https://api.openai.com/v1`; empty = the offline drafter',
  },
  OPENAI_API_KEY: { kind: 'string', description: 'API key of that server', secret: true },
  LLM_MODEL: { kind: 'string', default: 'gpt-4o-mini', description: 'Chat model used for drafting' },
  EMBEDDING_MODEL: {
    kind: 'string',
    description:
      'Embedding model on the same OpenAI-compatible server (e.g. `text-embedding-3-small`); set = vectors are indexed and retrieval is hybrid (full text + vectors, fused)',
  },
  EMBEDDING_BASE_URL: { kind: 'url', description: 'OpenAI-compatible server for embeddings when it differs from OPENAI_BASE_URL' },
  QDRANT_URL: { kind: 'url', description: 'Qdrant for vectors (with EMBEDDING_MODEL); empty = pgvector in the database where it has the extension' },
  QDRANT_API_KEY: { kind: 'string', description: 'Qdrant API key', secret: true },
  CLAMAV_URL: {
    kind: 'url',
    description:
      "clamd to scan files from outside the company (answers' attachments) before they are stored, e.g. `tcp://127.0.0.1:3310`; empty = no virus scan (files are still checked by content)",
  },
  QUEUE_PREFIX: { kind: 'string', default: 'portal', description: 'Prefix of the BullMQ keys in Redis (one per installation sharing a Redis)' },
  BUS_PREFIX: { kind: 'string', description: 'Prefix of the NATS subjects (`<prefix>.<subject>`; one per installation sharing a NATS); empty = none' },
  ACCESS_TOKEN_DAYS: { kind: 'int', default: '30', description: 'Days a trust-center permission token (mailed on approval of an access request) stays valid' },
  LLM_CONCURRENCY: { kind: 'int', default: '4', description: 'Questions drafted at once per questionnaire with a model' },
  INGEST_CONCURRENCY: {
    kind: 'int',
    default: '2',
    description:
      'Files one ingest-worker process reads at once (compliance PDFs, questionnaires; 1 to 64): each PDF is parsed in a worker thread, so about one per core. Companies take turns on the queue whatever the number',
  },
  DRAFT_CONCURRENCY: {
    kind: 'int',
    default: '2',
    description: 'Questionnaires one llm-worker process drafts at once (1 to 64); each drafts LLM_CONCURRENCY questions at once with a model',
  },
  TENANT_DAILY_FILES: {
    kind: 'int',
    default: '200',
    description:
      "Files one company may upload per day (UTC) to each service (compliance documents and questionnaires; trust-center documents and logos; outbound questionnaires, templates and answers' attachments); more is refused with 429",
  },
  TENANT_DAILY_UPLOAD_MB: { kind: 'int', default: '2048', description: 'Megabytes one company may upload per day (UTC) to each service' },
  OUTBOUND_ATTACHMENT_FILES: {
    kind: 'int',
    default: '100',
    description: "Attachments one sent questionnaire may hold (its recipient's and the staff's together); more is refused with 429",
  },
  OUTBOUND_ATTACHMENT_MB: { kind: 'int', default: '500', description: 'Megabytes of attachments one sent questionnaire may hold' },
  TENANT_DAILY_DRAFTS: {
    kind: 'int',
    default: '500',
    description: 'Re-drafting runs and one-off questions one company may ask for per day (UTC): each costs model calls',
  },
  LOG_LEVEL: { kind: 'enum', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', description: 'Log level' },
  SECRETS_KEY: {
    kind: 'string',
    description:
      'Key (32 bytes, base64) that encrypts secrets the portal must read back (SSO client secrets, TOTP seeds, webhook signing secrets), AES-256-GCM; empty = derived from JWT_PRIVATE_KEY when that is set (HKDF), else generated once into DATA_DIR/keys',
    secret: true,
  },
  WEBHOOK_ALLOW_PRIVATE: {
    kind: 'bool',
    default: 'false',
    description:
      'Test setting: `true` lets webhooks target loopback and private addresses (refused otherwise, at creation and after DNS at delivery); refused unless `HOST` is loopback',
  },
  WEBHOOK_ATTEMPTS: { kind: 'int', default: '6', description: 'Attempts per webhook delivery (1 to 20) before it is given up' },
  WEBHOOK_BACKOFF_MS: { kind: 'int', default: '30000', description: 'Milliseconds before the first retry of a failed webhook delivery, doubled at each retry' },
  WEBHOOK_TIMEOUT: {
    kind: 'int',
    default: '10',
    description: 'Seconds a webhook receiver has to answer (connection and whole answer); its answer is read up to 64 KB',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: { kind: 'url', description: 'OpenTelemetry OTLP/HTTP endpoint; the SDK starts only when set' },
} satisfies Record<string, VarSpec>

export type VariableName = keyof typeof variables

export interface Config {
  targets: Target[]
  all: boolean
  /** TARGET=migrate: no service runs; the host migrates every schema, creates the app role and exits. */
  migrateOnly: boolean
  port: number
  host: string
  /** METRICS_PORT: its own listener for /metrics; undefined = off. `explicit`: set, not the default. */
  metrics: { port: number; explicit: boolean } | undefined
  dataDir: string
  publicUrl: string
  databaseUrl: string | undefined
  dbMigrate: boolean
  /** false only in tests (DB_ROW_SECURITY=off): the database's tenant policies admit every row. */
  dbRowSecurity: boolean
  redisUrl: string | undefined
  natsUrl: string | undefined
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string; partSize: number } | undefined
  smtpUrl: string | undefined
  mailFrom: string
  jwt: { privateKeyPem: string | undefined; issuer: string; audience: string; accessTtl: number; refreshTtl: number }
  /** What the identity sweep keeps: used refresh tokens (REFRESH_REUSE_WINDOW), idle devices (DEVICE_IDLE_DAYS). */
  retention: { reuseWindowMs: number; deviceIdleMs: number }
  /** AUDIT_RETENTION_DAYS: how long audit entries are kept (installation-wide); 0 = forever. */
  auditRetentionDays: number
  otpDigits: 4 | 6
  signupBlockedDomains: string[]
  /** SSO_ALLOW_LOOPBACK: a test's provider on http://127.0.0.1 may be an issuer (loopback HOST only). */
  ssoAllowLoopback: boolean
  trustCenterDomain: string
  /** Explicit SEED_DEMO; undefined = the host decides (embedded database on loopback only). */
  seedDemo: boolean | undefined
  demoPassword: string | undefined
  trustProxy: string[]
  serviceUrls: Partial<Record<'identity' | 'trust-center' | 'questionnaire' | 'outbound', string>>
  /** Split mode: how long the gateway waits on a service (GATEWAY_TIMEOUT). */
  gatewayTimeoutMs: number
  /** How long the gateway trusts a cached public page without asking (TRUST_PAGE_REVALIDATE). */
  trustPageRevalidateMs: number
  /** A file job's lease on its file (JOB_LEASE), renewed every third of it. */
  jobLeaseMs: number
  /** Between sweeps for lost jobs (SWEEP_INTERVAL). */
  sweepMs: number
  /** How long a stopping process may take (SHUTDOWN_TIMEOUT); jobs get two thirds of it. */
  shutdownTimeoutMs: number
  webDist: string
  llm: { baseUrl: string; apiKey: string; model: string; concurrency: number } | undefined
  /** Jobs one worker process runs at once: files read (INGEST_CONCURRENCY), questionnaires drafted (DRAFT_CONCURRENCY). */
  jobConcurrency: { ingest: number; draft: number }
  embeddings: { baseUrl: string; apiKey: string; model: string } | undefined
  qdrant: { url: string; apiKey: string | undefined } | undefined
  /** clamd's address (tcp://host:port), when files from outside are scanned. */
  clamavUrl: string | undefined
  queuePrefix: string
  /** NATS subjects are `<busPrefix>.<subject>` when set (BUS_PREFIX). */
  busPrefix: string | undefined
  accessTokenDays: number
  /** Per company and UTC day (security.md B29): a noisy tenant is refused, the others keep their share. */
  quota: { files: number; bytes: number; drafts: number }
  /** What one sent questionnaire's attachments may add up to, whoever attached them. */
  attachmentCap: { files: number; bytes: number }
  logLevel: string
  otelEndpoint: string | undefined
  cookieSecure: boolean
  /** SECRETS_KEY (base64 of 32 bytes); undefined = derived from JWT_PRIVATE_KEY, else kept in DATA_DIR/keys. */
  secretsKey: string | undefined
  /** Outgoing webhooks: private targets allowed (test setting), attempts, first backoff, timeout. */
  webhooks: { allowPrivate: boolean; attempts: number; backoffMs: number; timeoutMs: number }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

function read(env: Env, name: VariableName): string | undefined {
  const spec: VarSpec = variables[name]
  const raw = env[name]?.trim()
  const value = raw === undefined || raw === '' ? spec.default : raw
  if (value === undefined || value === '') return undefined
  switch (spec.kind) {
    case 'int':
      if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number, got "${value}"`)
      return value
    case 'bool':
      if (!/^(true|false|1|0|yes|no)$/i.test(value)) throw new ConfigError(`${name} must be true or false, got "${value}"`)
      return /^(true|1|yes)$/i.test(value) ? 'true' : 'false'
    case 'url':
      try {
        new URL(value)
      } catch {
        throw new ConfigError(`${name} must be a URL, got "${spec.secret ? '<hidden>' : value}"`)
      }
      return value.replace(/\/+$/, '')
    case 'enum':
      if (!spec.values?.includes(value)) throw new ConfigError(`${name} must be one of ${spec.values?.join(', ')}, got "${value}"`)
      return value
    default:
      return value
  }
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const get = (n: VariableName) => read(env, n)
  const targetList = list(get('TARGET'))
  const migrateOnly = targetList.includes('migrate')
  if (migrateOnly && targetList.length > 1) throw new ConfigError('TARGET=migrate runs alone (it migrates every schema and exits)')
  const all = !migrateOnly && (targetList.length === 0 || targetList.includes('all'))
  for (const t of targetList) {
    if (t !== 'all' && t !== 'migrate' && !(TARGETS as readonly string[]).includes(t))
      throw new ConfigError(`TARGET: unknown target "${t}" (known: all, migrate, ${TARGETS.join(', ')})`)
  }
  const targets = migrateOnly ? [] : all ? [...TARGETS] : (targetList as Target[])
  const port = Number(get('PORT'))
  if (port < 1 || port > 65535) throw new ConfigError(`PORT must be between 1 and 65535, got ${port}`)
  const metrics = metricsOf(env, get('METRICS_PORT')!, port)
  const accessTtl = Number(get('ACCESS_TOKEN_TTL'))
  if (accessTtl < 30 || accessTtl > 900) throw new ConfigError('ACCESS_TOKEN_TTL must be between 30 and 900 seconds')
  const publicUrl = get('PUBLIC_URL') ?? `http://localhost:${port}`

  const s3Endpoint = get('S3_ENDPOINT')
  let s3: Config['s3']
  if (s3Endpoint) {
    const accessKey = get('S3_ACCESS_KEY')
    const secretKey = get('S3_SECRET_KEY')
    if (!accessKey || !secretKey) throw new ConfigError('S3_ENDPOINT is set: S3_ACCESS_KEY and S3_SECRET_KEY are required')
    // S3 refuses parts under 5 MB (but the last) and over 5 GB.
    const partMb = Number(get('S3_PART_SIZE'))
    if (partMb < 5 || partMb > 5120) throw new ConfigError(`S3_PART_SIZE must be between 5 and 5120 (MB), got ${partMb}`)
    s3 = { endpoint: s3Endpoint, accessKey, secretKey, bucket: get('S3_BUCKET')!, region: get('S3_REGION')!, partSize: partMb * 1024 * 1024 }
  }

  const cfg: Config = {
    targets,
    all,
    migrateOnly,
    port,
    host: get('HOST')!,
    metrics,
    dataDir: get('DATA_DIR')!,
    publicUrl,
    databaseUrl: get('DATABASE_URL'),
    dbMigrate: get('DB_MIGRATE') === 'auto',
    dbRowSecurity: get('DB_ROW_SECURITY') !== 'off',
    redisUrl: get('REDIS_URL'),
    natsUrl: get('NATS_URL'),
    s3,
    smtpUrl: get('SMTP_URL'),
    mailFrom: get('MAIL_FROM')!,
    jwt: {
      privateKeyPem: get('JWT_PRIVATE_KEY')?.replace(/\\n/g, '\n'),
      issuer: get('JWT_ISSUER')!,
      audience: get('JWT_AUDIENCE')!,
      accessTtl,
      refreshTtl: Number(get('REFRESH_TOKEN_TTL')),
    },
    retention: {
      reuseWindowMs: Number(get('REFRESH_REUSE_WINDOW')) * 1000,
      deviceIdleMs: Math.max(1, Number(get('DEVICE_IDLE_DAYS'))) * 86_400_000,
    },
    auditRetentionDays: Math.max(0, Number(get('AUDIT_RETENTION_DAYS'))),
    otpDigits: get('OTP_DIGITS') === '6' ? 6 : 4,
    signupBlockedDomains: list(get('SIGNUP_BLOCKED_DOMAINS')).map((d) => d.toLowerCase()),
    ssoAllowLoopback: get('SSO_ALLOW_LOOPBACK') === 'true',
    trustCenterDomain: get('TRUST_CENTER_DOMAIN')!.toLowerCase(),
    seedDemo: get('SEED_DEMO') === undefined ? undefined : get('SEED_DEMO') === 'true',
    demoPassword: get('DEMO_PASSWORD'),
    trustProxy: list(get('TRUST_PROXY')),
    serviceUrls: {
      identity: get('IDENTITY_URL'),
      'trust-center': get('TRUST_CENTER_URL'),
      questionnaire: get('QUESTIONNAIRE_URL'),
      outbound: get('OUTBOUND_URL'),
    },
    gatewayTimeoutMs: Math.max(1, Number(get('GATEWAY_TIMEOUT'))) * 1000,
    shutdownTimeoutMs: Math.max(1, Number(get('SHUTDOWN_TIMEOUT'))) * 1000,
    trustPageRevalidateMs: Math.max(1, Number(get('TRUST_PAGE_REVALIDATE'))) * 1000,
    jobLeaseMs: Math.max(3, Number(get('JOB_LEASE'))) * 1000,
    sweepMs: Math.max(1, Number(get('SWEEP_INTERVAL'))) * 1000,
    webDist: get('WEB_DIST')!,
    llm: get('OPENAI_BASE_URL')
      ? {
          baseUrl: get('OPENAI_BASE_URL')!,
          apiKey: get('OPENAI_API_KEY') ?? 'none',
          model: get('LLM_MODEL')!,
          concurrency: Math.max(1, Number(get('LLM_CONCURRENCY'))),
        }
      : undefined,
    jobConcurrency: { ingest: jobsAtOnce(get, 'INGEST_CONCURRENCY'), draft: jobsAtOnce(get, 'DRAFT_CONCURRENCY') },
    embeddings: embeddingsOf(get),
    qdrant: get('QDRANT_URL') ? { url: get('QDRANT_URL')!, apiKey: get('QDRANT_API_KEY') } : undefined,
    clamavUrl: get('CLAMAV_URL'),
    queuePrefix: get('QUEUE_PREFIX')!,
    busPrefix: busPrefixOf(get('BUS_PREFIX')),
    accessTokenDays: Math.max(1, Number(get('ACCESS_TOKEN_DAYS'))),
    quota: {
      files: Math.max(1, Number(get('TENANT_DAILY_FILES'))),
      bytes: Math.max(1, Number(get('TENANT_DAILY_UPLOAD_MB'))) * 1024 * 1024,
      drafts: Math.max(1, Number(get('TENANT_DAILY_DRAFTS'))),
    },
    attachmentCap: {
      files: Math.max(1, Number(get('OUTBOUND_ATTACHMENT_FILES'))),
      bytes: Math.max(1, Number(get('OUTBOUND_ATTACHMENT_MB'))) * 1024 * 1024,
    },
    logLevel: get('LOG_LEVEL')!,
    otelEndpoint: get('OTEL_EXPORTER_OTLP_ENDPOINT'),
    cookieSecure: publicUrl.startsWith('https://'),
    secretsKey: secretsKeyOf(get('SECRETS_KEY')),
    webhooks: {
      allowPrivate: get('WEBHOOK_ALLOW_PRIVATE') === 'true',
      attempts: Math.min(20, Math.max(1, Number(get('WEBHOOK_ATTEMPTS')))),
      backoffMs: Math.max(1, Number(get('WEBHOOK_BACKOFF_MS'))),
      timeoutMs: Math.max(1, Number(get('WEBHOOK_TIMEOUT'))) * 1000,
    },
  }
  checkSplitMode(cfg)
  // A test setting: a portal that others can reach never runs without the database's tenant wall.
  if (!cfg.dbRowSecurity && !['127.0.0.1', '::1', 'localhost'].includes(cfg.host)) {
    throw new ConfigError(`DB_ROW_SECURITY=off is a test setting, refused with HOST=${cfg.host} (loopback only)`)
  }
  if (cfg.ssoAllowLoopback && !['127.0.0.1', '::1', 'localhost'].includes(cfg.host)) {
    throw new ConfigError(`SSO_ALLOW_LOOPBACK=true is a test setting, refused with HOST=${cfg.host} (loopback only)`)
  }
  // A test setting too: a portal others can reach never posts to its own network's addresses.
  if (cfg.webhooks.allowPrivate && !['127.0.0.1', '::1', 'localhost'].includes(cfg.host)) {
    throw new ConfigError(`WEBHOOK_ALLOW_PRIVATE=true is a test setting, refused with HOST=${cfg.host} (loopback only)`)
  }
  return Object.freeze(cfg)
}

function secretsKeyOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (Buffer.from(value, 'base64').length !== 32) throw new ConfigError('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)')
  return value
}

function metricsOf(env: Env, value: string, port: number): Config['metrics'] {
  if (value.toLowerCase() === 'off') return undefined
  const metricsPort = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!(metricsPort >= 0 && metricsPort <= 65535)) throw new ConfigError(`METRICS_PORT must be a port (0 to 65535) or off, got "${value}"`)
  if (metricsPort === port) throw new ConfigError(`METRICS_PORT must not be the public PORT (${port}): metrics are for the scraper only`)
  return { port: metricsPort, explicit: Boolean(env['METRICS_PORT']?.trim()) }
}

// Subject tokens NATS accepts, no wildcards: the prefix is put before every subject as it is.
function busPrefixOf(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(value))
    throw new ConfigError(`BUS_PREFIX must be dot-separated letters, digits, '-' or '_', got "${value}"`)
  return value
}

function jobsAtOnce(get: (n: VariableName) => string | undefined, name: 'INGEST_CONCURRENCY' | 'DRAFT_CONCURRENCY'): number {
  const n = Number(get(name))
  if (n < 1 || n > 64) throw new ConfigError(`${name} must be between 1 and 64 (jobs at once), got ${n}`)
  return n
}

function embeddingsOf(get: (n: VariableName) => string | undefined): Config['embeddings'] {
  const model = get('EMBEDDING_MODEL')
  if (!model) return undefined
  const baseUrl = get('EMBEDDING_BASE_URL') ?? get('OPENAI_BASE_URL')
  if (!baseUrl) throw new ConfigError('EMBEDDING_MODEL is set: OPENAI_BASE_URL (or EMBEDDING_BASE_URL) is required')
  return { baseUrl, apiKey: get('OPENAI_API_KEY') ?? 'none', model }
}

// Embedded adapters live in one process: a service alone in its process must use real servers.
function checkSplitMode(cfg: Config): void {
  if (cfg.all) return
  if (cfg.migrateOnly && !cfg.databaseUrl)
    throw new ConfigError('TARGET=migrate: set DATABASE_URL (a user that may create schemas and the app role: the schema owner)')
  const needsDb = cfg.targets.some((t) => t !== 'gateway')
  if (needsDb && !cfg.databaseUrl) throw new ConfigError(`TARGET=${cfg.targets.join(',')}: embedded PGlite works only with TARGET=all; set DATABASE_URL`)
  const needsBus = cfg.targets.some((t) => t !== 'gateway')
  if (needsBus && !cfg.natsUrl) throw new ConfigError(`TARGET=${cfg.targets.join(',')}: the in-process bus works only with TARGET=all; set NATS_URL`)
  const needsQueue = cfg.targets.some((t) => ['questionnaire', 'outbound', 'ingest-worker', 'llm-worker'].includes(t))
  if (needsQueue && !cfg.redisUrl) throw new ConfigError(`TARGET=${cfg.targets.join(',')}: the in-process queue works only with TARGET=all; set REDIS_URL`)
  if (cfg.targets.includes('gateway')) {
    for (const svc of ['identity', 'trust-center', 'questionnaire', 'outbound'] as const) {
      if (!cfg.targets.includes(svc) && !cfg.serviceUrls[svc]) {
        throw new ConfigError(`TARGET includes gateway without ${svc}: set ${svc.toUpperCase().replace('-', '_')}_URL`)
      }
    }
  }
}

/** Markdown table of every variable, for the README. */
export function envTable(): string {
  const rows = Object.entries(variables).map(
    ([name, spec]: [string, VarSpec]) =>
      `| \`${name}\` | ${spec.default !== undefined && spec.default !== '' ? `\`${spec.default}\`` : ''} | ${spec.description} |`,
  )
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n')
}
