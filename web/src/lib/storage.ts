// Browser storage of the app: every key lives under one fixed product prefix, so a purge only
// removes what the app wrote. Only the token and the spec's keys are ever stored here.
import type { AuthUser } from '@portal/contracts'
import { APP_VERSION, STORAGE_PREFIX } from '../config/constants'

export type StorageKey = 'token' | 'dbName' | 'userAccessEmail' | 'fileAccess' | 'authData' | 'returnUrl' | 'appVersion'

/**
 * The signed-in user as stored: the sign-in reply without its token (stored apart), the flags
 * optional because an inbound session and data stored by an older version lack some.
 */
export type AuthData = Pick<AuthUser, '_id' | 'firstName' | 'lastName' | 'email'> &
  Partial<Pick<AuthUser, 'admin' | 'inboundUser' | 'dbName' | 'emailVerified'>> & {
    outboundId?: string
    /** Inbound users: the capability of the emailed link, exchanged again to renew the session. */
    inboundLink?: string
  }

const listeners = new Set<() => void>()
let version = 0

function notify(): void {
  version++
  for (const l of listeners) l()
}

// Another tab of the app wrote (a renewed token, a sign-out): this tab re-reads too, so its renewal
// timer follows the newest token instead of spending a refresh token that was already rotated.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith(STORAGE_PREFIX)) notify()
  })
}

/** For useSyncExternalStore: a change counter that moves on every write. */
export const storageVersion = (): number => version
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn()
  } catch {
    return fallback
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return safe(() => localStorage.getItem(STORAGE_PREFIX + key), null)
  },
  set(key: StorageKey, value: string): void {
    safe(() => localStorage.setItem(STORAGE_PREFIX + key, value), undefined)
    notify()
  },
  remove(key: StorageKey): void {
    safe(() => localStorage.removeItem(STORAGE_PREFIX + key), undefined)
    notify()
  },
  /**
   * Removes every key of the app (and only those) but the app version: it marks which build wrote
   * the storage, not a session, and without it the next page load would purge the next session too.
   */
  clear(): void {
    safe(() => {
      const mine: string[] = []
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i)
        if (k?.startsWith(STORAGE_PREFIX) && k !== STORAGE_PREFIX + 'appVersion') mine.push(k)
      }
      for (const k of mine) localStorage.removeItem(k)
    }, undefined)
    notify()
  },
  getAuthData(): AuthData | null {
    const raw = this.get('authData')
    if (!raw) return null
    return safe(() => JSON.parse(raw) as AuthData, null)
  },
  setAuthData(data: AuthData): void {
    this.set('authData', JSON.stringify(data))
  },
}

/** Spec §4: a stored appVersion other than the current one purges the app's storage first. */
export function ensureAppVersion(): void {
  if (storage.get('appVersion') !== APP_VERSION) {
    storage.clear()
    storage.set('appVersion', APP_VERSION)
  }
}
