// The module manager of the single binary (after grafana/dskit modules): each module names its
// dependencies; a target starts its dependency closure in order and stops it in reverse.

export interface Stoppable {
  stop(): Promise<void>
}

export interface Module<Ctx> {
  name: string
  deps?: readonly string[]
  /** Starts the module; may add to ctx for later modules. Returns how to stop it, if anything. */
  init(ctx: Ctx): Promise<Stoppable | undefined>
}

export interface ModuleLog {
  info(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** Dependency-ordered list of module names needed for the targets (each once). */
export function resolveOrder<Ctx>(modules: readonly Module<Ctx>[], targets: readonly string[]): string[] {
  const byName = new Map(modules.map((m) => [m.name, m]))
  const order: string[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, path: string[]) => {
    const mod = byName.get(name)
    if (!mod) throw new Error(`unknown module "${name}"${path.length ? ` (needed by ${path.at(-1)})` : ''}`)
    const s = state.get(name)
    if (s === 'done') return
    if (s === 'visiting') throw new Error(`module dependency cycle: ${[...path, name].join(' -> ')}`)
    state.set(name, 'visiting')
    for (const dep of mod.deps ?? []) visit(dep, [...path, name])
    state.set(name, 'done')
    order.push(name)
  }
  for (const t of targets) visit(t, [])
  return order
}

export interface Running {
  started: string[]
  stop(): Promise<void>
}

/** Starts modules in dependency order; if one fails, stops those already started and rethrows. */
export async function startModules<Ctx>(modules: readonly Module<Ctx>[], targets: readonly string[], ctx: Ctx, log?: ModuleLog): Promise<Running> {
  const byName = new Map(modules.map((m) => [m.name, m]))
  const order = resolveOrder(modules, targets)
  const stack: { name: string; handle: Stoppable | undefined }[] = []
  const stopAll = async () => {
    while (stack.length) {
      const { name, handle } = stack.pop()!
      try {
        await handle?.stop()
        log?.info({ module: name }, 'module stopped')
      } catch (err) {
        log?.error({ module: name, err }, 'module failed to stop')
      }
    }
  }
  for (const name of order) {
    try {
      const handle = (await byName.get(name)!.init(ctx)) ?? undefined
      stack.push({ name, handle })
    } catch (err) {
      log?.error({ module: name, err }, 'module failed to start')
      await stopAll()
      throw err
    }
  }
  return { started: order, stop: stopAll }
}
