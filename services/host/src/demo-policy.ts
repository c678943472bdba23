// When the demo tenant is seeded. Its admin's built-in password is printed and published, so it may
// exist only on a laptop: the embedded database (`npm start`) listening on loopback. Anywhere else
// (DATABASE_URL, HOST=0.0.0.0 as in the image) the demo needs SEED_DEMO=true and a DEMO_PASSWORD.
import { ConfigError, type Config } from '@portal/config'

export interface DemoPlan {
  seed: boolean
  /** The admin's password from DEMO_PASSWORD; undefined = the built-in one. */
  password: string | undefined
}

/** 127.0.0.0/8, ::1 and localhost: nobody else can reach the demo's published password. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/** Throws a ConfigError when SEED_DEMO=true asks for the built-in password where it is refused. */
export function demoPlan(config: Pick<Config, 'all' | 'seedDemo' | 'demoPassword' | 'databaseUrl' | 'host'>): DemoPlan {
  const password = config.demoPassword
  const laptop = !config.databaseUrl && isLoopbackHost(config.host)
  if (!config.all || config.seedDemo === false) return { seed: false, password }
  if (config.seedDemo === undefined) return { seed: laptop, password }
  if (!laptop && !password) {
    const where = config.databaseUrl ? 'with DATABASE_URL' : `on HOST=${config.host}`
    throw new ConfigError(`SEED_DEMO=true ${where} needs DEMO_PASSWORD: the demo admin's built-in password is public`)
  }
  return { seed: true, password }
}
