// Keeps docs/architecture.md true: services never import one another (what two services need lives
// in a package), packages never import a service, and every service and package is on the map. The
// launcher (services/host) is the one place that imports every service: it composes them.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'

const root = path.resolve(import.meta.dirname, '../..')
const LAUNCHER = 'host'

async function sourceFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile() && /\.(m?ts|m?js|tsx)$/.test(e.name)).map((e) => path.join(e.parentPath, e.name))
}

/** Every module specifier a file imports, statically or dynamically. */
async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8')
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!)
}

const folders = async (dir: string) =>
  (await readdir(path.join(root, dir), { withFileTypes: true })).filter((e) => e.isDirectory() && e.name !== 'node_modules').map((e) => e.name)
const packageName = async (dir: string) => (JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8')) as { name: string }).name

/** Imports from `files` that reach another service: by its package name, or by a relative path out of `own`. */
async function serviceImports(base: string, own: string, files: string[], serviceNames: Map<string, string>): Promise<string[]> {
  const found: string[] = []
  for (const file of files) {
    for (const spec of await importsOf(file)) {
      const byName = [...serviceNames].find(([name, folder]) => folder !== own && (spec === name || spec.startsWith(`${name}/`)))
      const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : ''
      const byPath = target.startsWith(path.join(base, 'services')) && !target.startsWith(path.join(base, own, path.sep))
      if (byName || byPath) found.push(`${path.relative(base, file)} imports ${spec}`)
    }
  }
  return found
}

describe('the architecture on docs/architecture.md', () => {
  it('services do not import one another, in code or in their package.json', async () => {
    const services = await folders('services')
    const names = new Map(await Promise.all(services.map(async (s) => [await packageName(`services/${s}`), `services/${s}`] as [string, string])))
    const found: string[] = []
    for (const s of services.filter((x) => x !== LAUNCHER)) {
      const own = `services/${s}`
      found.push(
        ...(await serviceImports(
          root,
          own,
          [...(await sourceFiles(path.join(root, own, 'src'))), ...(await sourceFiles(path.join(root, own, 'test')))],
          names,
        )),
      )
      const pkg = JSON.parse(await readFile(path.join(root, own, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
      }
      for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (names.has(dep) && names.get(dep) !== own) found.push(`${own}/package.json depends on ${dep}`)
      }
    }
    expect(found).toEqual([])
  })

  it('packages import no service', async () => {
    const services = await folders('services')
    const names = new Map(await Promise.all(services.map(async (s) => [await packageName(`services/${s}`), `services/${s}`] as [string, string])))
    const found: string[] = []
    for (const p of await folders('packages')) {
      found.push(...(await serviceImports(root, `packages/${p}`, await sourceFiles(path.join(root, 'packages', p, 'src')), names)))
    }
    expect(found).toEqual([])
  })

  it('names every service and package', async () => {
    const doc = await readFile(path.join(root, 'docs/architecture.md'), 'utf8')
    const missing = [...(await folders('services')), ...(await folders('packages'))].filter((f) => !doc.includes(`\`${f}\``))
    expect(missing).toEqual([])
  })

  it('finds an import of another service, by name or by path (the check itself)', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'architecture-'))
    try {
      await mkdir(path.join(base, 'services/a/src'), { recursive: true })
      const file = path.join(base, 'services/a/src/x.ts')
      await writeFile(
        file,
        [
          "import { db } from '@portal/db'",
          "import { own } from './own.js'",
          "import { b } from '@portal/svc-b/export'",
          "export { y } from '../../b/src/y.js'",
          "const lazy = await import('@portal/svc-b')",
        ].join('\n'),
      )
      const names = new Map([
        ['@portal/svc-a', 'services/a'],
        ['@portal/svc-b', 'services/b'],
      ])
      expect(await serviceImports(base, 'services/a', [file], names)).toEqual([
        'services/a/src/x.ts imports @portal/svc-b/export',
        'services/a/src/x.ts imports ../../b/src/y.js',
        'services/a/src/x.ts imports @portal/svc-b',
      ])
    } finally {
      await rm(base, { recursive: true, force: true })
    }
  })
})
