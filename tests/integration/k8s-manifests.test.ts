// The Kubernetes manifests (k8s/): rendered with `kubectl kustomize` when kubectl is on PATH (it
// works offline), otherwise the base's YAML files are parsed as they are. Checks the shape the
// deployment relies on (one Deployment per target, probes, resources, hardening, wiring of
// Services, Secrets, HPAs, NetworkPolicies) and validates the objects against the API schemas.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment'
import { type IStatefulSet, StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet'
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { type IIngress, Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import { type INetworkPolicy, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy'
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap'
import { Namespace } from 'kubernetes-models/v1/Namespace'
import { Secret } from 'kubernetes-models/v1/Secret'
import { type IService, Service } from 'kubernetes-models/v1/Service'
import { parseAllDocuments, parse as parseYaml } from 'yaml'

const root = path.resolve(import.meta.dirname, '../..')
const TARGETS = ['gateway', 'identity', 'trust-center', 'questionnaire', 'outbound', 'ingest-worker', 'llm-worker']
const HTTP_SERVICES = ['gateway', 'identity', 'trust-center', 'questionnaire', 'outbound']
const WORKERS = ['ingest-worker', 'llm-worker']
const FILE_SERVICES = ['trust-center', 'questionnaire', 'outbound', 'ingest-worker']

interface K8sObject {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; labels?: Record<string, string> }
  [key: string]: unknown
}

type LabelSelector = NonNullable<INetworkPolicy['spec']>['podSelector']

function findKubectl(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue
    const file = path.join(dir, 'kubectl')
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // not in this folder
    }
  }
  return undefined
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

function render(dir: string): K8sObject[] {
  const out = execFileSync(kubectl!, ['kustomize', path.join(root, dir)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
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
  DATABASE_URL: 'postgres://portal:secret@postgres:5432/portal',
  REDIS_URL: 'redis://redis:6379',
  SMTP_URL: 'smtp://mail:587',
}

const renderings: [string, K8sObject[]][] = kubectl
  ? [['base', render('k8s/base')], ['dev overlay', render('k8s/overlays/dev')]]
  : [['base (files, kubectl not on PATH)', readBase()]]

const ofKind = <T>(objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind) as unknown as (T & K8sObject)[]
const targetOf = (d: IDeployment) => d.spec?.template.spec?.containers[0]?.env?.find((e) => e.name === 'TARGET')?.value

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

const validators: Record<string, (o: K8sObject) => void> = {
  Deployment: (o) => new Deployment(o as unknown as IDeployment).validate(),
  StatefulSet: (o) => new StatefulSet(o as unknown as IStatefulSet).validate(),
  Service: (o) => new Service(o as unknown as IService).validate(),
  Ingress: (o) => new Ingress(o as unknown as IIngress).validate(),
  NetworkPolicy: (o) => new NetworkPolicy(o as unknown as INetworkPolicy).validate(),
  HorizontalPodAutoscaler: (o) => new HorizontalPodAutoscaler(o as unknown as IHorizontalPodAutoscaler).validate(),
  ConfigMap: (o) => new ConfigMap(o as never).validate(),
  // kustomize wraps long base64 values over lines, which the API server's decoder skips.
  Secret: (o) => {
    const data = Object.fromEntries(Object.entries((o['data'] ?? {}) as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]))
    new Secret({ ...o, data } as never).validate()
  },
  Namespace: (o) => new Namespace(o as never).validate(),
}

it('renders with kubectl kustomize when kubectl is on PATH', () => {
  if (!kubectl) console.warn('[k8s-manifests] kubectl not on PATH: checking the base files without rendering')
  for (const [, objs] of renderings) expect(objs.length).toBeGreaterThan(0)
})

it('the validator rejects an invalid Deployment (so the checks below mean something)', () => {
  const bad = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { selector: {}, template: { spec: { containers: [{ image: 'x' }] } } } }
  expect(() => new Deployment(bad as unknown as IDeployment).validate()).toThrow()
})

describe.each(renderings)('k8s manifests: %s', (_name, objs) => {
  const deployments = ofKind<IDeployment>(objs, 'Deployment')
  const statefulSets = ofKind<IStatefulSet>(objs, 'StatefulSet')
  const services = ofKind<IService>(objs, 'Service')
  const policies = ofKind<INetworkPolicy>(objs, 'NetworkPolicy')
  const portal = deployments.filter((d) => d.metadata.labels?.['app.kubernetes.io/name'] === 'trust-portal')
  const byTarget = new Map(portal.map((d) => [targetOf(d), d]))
  const podLabels = (d: IDeployment | IStatefulSet) => d.spec?.template.metadata?.labels ?? {}

  it('validates every known kind against the Kubernetes schemas', () => {
    for (const o of objs) {
      const validate = validators[o.kind]
      if (!validate) throw new Error(`no validator for kind ${o.kind} (${o.metadata.name})`)
      expect(() => validate(o)).not.toThrow()
    }
  })

  it('has exactly one Deployment per target, with TARGET among the targets', () => {
    expect(portal.length).toBe(deployments.length)
    for (const d of deployments) expect(TARGETS).toContain(targetOf(d))
    expect([...byTarget.keys()].sort()).toEqual([...TARGETS].sort())
    expect(portal).toHaveLength(TARGETS.length)
    const images = new Set(portal.map((d) => d.spec?.template.spec?.containers[0]?.image))
    expect(images.size).toBe(1)
  })

  it.each(TARGETS)('%s: probes, resources and a hardened container', (target) => {
    const d = byTarget.get(target)!
    const pod = d.spec!.template.spec!
    expect(pod.containers).toHaveLength(1)
    const c = pod.containers[0]!
    expect(c.livenessProbe?.httpGet?.path).toBe('/healthz')
    expect(c.readinessProbe?.httpGet?.path).toBe('/readyz')
    expect(c.startupProbe?.httpGet?.path).toBe('/healthz')
    const port = c.ports?.find((p) => p.name === c.readinessProbe?.httpGet?.port || p.containerPort === c.readinessProbe?.httpGet?.port)
    expect(port?.containerPort).toBe(8080)
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

  it.each(TARGETS)('%s: its environment passes packages/config (split mode)', (target) => {
    const c = byTarget.get(target)!.spec!.template.spec!.containers[0]!
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
      else if (e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional) env[e.name] = SECRET_STAND_INS[e.name] ?? 'secret-value'
    }
    expect(env['TARGET']).toBe(target)
    expect(() => loadConfig(env)).not.toThrow()
    const config = loadConfig(env)
    expect(config.all).toBe(false)
    expect(config.targets).toEqual([target])
    expect(config.port).toBe(8080)
    expect(config.host).toBe('0.0.0.0')
    expect(config.dataDir.startsWith('/tmp/')).toBe(true)
    expect(Boolean(config.s3)).toBe(FILE_SERVICES.includes(target))
    if (target !== 'identity') expect(config.serviceUrls.identity).toBeDefined()
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
      if (['questionnaire', 'outbound', ...WORKERS].includes(t)) expect(keys).toContain('REDIS_URL')
      // Identity signs sessions; outbound signs the recipients' restricted ones with the same key.
      expect(keys.includes('JWT_PRIVATE_KEY')).toBe(t === 'identity' || t === 'outbound')
    }
  })

  it('has a Service for each HTTP service and none for the workers; each selects a workload and a named port', () => {
    const portalServices = services.filter((s) => s.metadata.labels?.['app.kubernetes.io/name'] === 'trust-portal')
    expect(portalServices.map((s) => s.metadata.name).sort()).toEqual([...HTTP_SERVICES].sort())
    for (const s of services) {
      const workloads = [...deployments, ...statefulSets].filter((w) => Object.keys(s.spec?.selector ?? {}).length > 0 && matches({ matchLabels: s.spec!.selector! }, podLabels(w)))
      expect({ service: s.metadata.name, workloads: workloads.length }).toEqual({ service: s.metadata.name, workloads: 1 })
      const containers = workloads[0]!.spec!.template.spec!.containers
      for (const p of s.spec?.ports ?? []) {
        const found = containers.some((c) => (c.ports ?? []).some((cp) => cp.name === p.targetPort || cp.containerPort === (p.targetPort ?? p.port)))
        expect({ service: s.metadata.name, port: p.name, found }).toEqual({ service: s.metadata.name, port: p.name, found: true })
      }
    }
    for (const w of WORKERS) expect(services.some((s) => matches({ matchLabels: s.spec?.selector ?? {} }, podLabels(byTarget.get(w)!)))).toBe(false)
  })

  it('routes the app host and the wildcard trust-center host to the gateway', () => {
    const ingresses = ofKind<IIngress>(objs, 'Ingress')
    expect(ingresses).toHaveLength(1)
    const rules = ingresses[0]!.spec?.rules ?? []
    expect(rules.some((r) => r.host?.startsWith('*.'))).toBe(true)
    expect(rules.some((r) => r.host && !r.host.startsWith('*.'))).toBe(true)
    for (const r of rules) for (const p of r.http?.paths ?? []) expect(p.backend.service?.name).toBe('gateway')
  })

  it('autoscales the two workers and leaves their replica count to the HPA', () => {
    const hpas = ofKind<IHorizontalPodAutoscaler>(objs, 'HorizontalPodAutoscaler')
    expect(hpas.map((h) => h.spec?.scaleTargetRef.name).sort()).toEqual([...WORKERS].sort())
    for (const h of hpas) {
      expect(h.spec?.scaleTargetRef.kind).toBe('Deployment')
      expect(byTarget.get(h.spec!.scaleTargetRef.name)?.metadata.name).toBe(h.spec!.scaleTargetRef.name)
      expect(byTarget.get(h.spec!.scaleTargetRef.name)?.spec?.replicas).toBeUndefined()
    }
  })

  it('denies ingress by default; gateway from the ingress controller, services from the gateway, workers from nobody', () => {
    const denyAll = policies.find((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0)
    expect(denyAll?.spec?.policyTypes).toEqual(['Ingress'])
    expect(denyAll?.spec?.ingress ?? []).toEqual([])
    // Every `from` peer that may reach a pod of this target.
    const peers = (target: string) =>
      policies
        .filter((p) => matches(p.spec?.podSelector, podLabels(byTarget.get(target)!)) && p.spec?.policyTypes?.includes('Ingress'))
        .flatMap((p) => (p.spec?.ingress ?? []).flatMap((rule) => rule.from ?? [{}]))
    const gatewayLabels = podLabels(byTarget.get('gateway')!)
    const fromGatewayOnly = (peer: (ReturnType<typeof peers>)[number]) => !peer.namespaceSelector && !peer.ipBlock && matches(peer.podSelector, gatewayLabels)

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

  it('runs no migration Job: each service migrates its schema at start-up (DB_MIGRATE=auto)', () => {
    expect(objs.some((o) => o.kind === 'Job' || o.kind === 'CronJob')).toBe(false)
    const configMap = ofKind<{ data?: Record<string, string> }>(objs, 'ConfigMap').find((c) => c.metadata.name.startsWith('portal-config'))
    const migrate = configMap
      ? configMap.data?.['DB_MIGRATE']
      : /^DB_MIGRATE=(.*)$/m.exec(readFileSync(path.join(root, 'k8s/base/config.env'), 'utf8'))?.[1]
    expect(migrate).toBe('auto')
  })

  it('refers only to ConfigMaps and Secrets that exist (Secrets: in rendered overlays; the base only references portal-secrets)', () => {
    const rendered = (kind: string) => new Set(objs.filter((o) => o.kind === kind).map((o) => o.metadata.name))
    const isOverlay = objs.some((o) => o.kind === 'Secret')
    for (const w of [...deployments, ...statefulSets]) {
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
