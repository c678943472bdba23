// Unsaved text survives a forced sign-in (issue 10): what a user types is kept while typing in
// sessionStorage (this tab only; gone when it closes) per user, screen and field, and given back
// when the same user comes back to the same screen. Saving clears it; signing out, or another user
// signing in, removes them. A draft holds the typed value only, never a token.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { STORAGE_PREFIX } from '../config/constants'
import { storage, storageVersion, subscribeStorage } from './storage'

const PREFIX = `${STORAGE_PREFIX}draft:`
const keyOf = (userId: string, route: string, field: string) => PREFIX + JSON.stringify([userId, route, field])

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
function read(key: string): string | null {
  try {
    return tabStorage()?.getItem(key) ?? null
  } catch {
    return null
  }
}
function write(key: string, value: string): void {
  try {
    tabStorage()?.setItem(key, value)
  } catch {
    // Full or disabled storage: the text is still on screen, only the safety net is missing.
  }
}
function remove(key: string): void {
  try {
    tabStorage()?.removeItem(key)
  } catch {
    // as above
  }
}

/** Removes every draft whose owner `keep` does not accept (all of them without `keep`). */
export function removeDrafts(keep: (userId: string) => boolean = () => false): void {
  const s = tabStorage()
  if (!s) return
  const doomed: string[] = []
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i)
    if (!key?.startsWith(PREFIX)) continue
    let owner: unknown
    try {
      owner = (JSON.parse(key.slice(PREFIX.length)) as unknown[])[0]
    } catch {
      owner = undefined
    }
    if (typeof owner !== 'string' || !keep(owner)) doomed.push(key)
  }
  for (const key of doomed) remove(key)
}

/** The signed-in user's id, re-read whenever the app writes to storage. */
function useUserId(): string | null {
  useSyncExternalStore(subscribeStorage, storageVersion, storageVersion)
  return storage.getAuthData()?._id ?? null
}

/** Mounted once (router): when a user is signed in, drafts of anyone else in this tab are dropped. */
export function useDraftOwner(): void {
  const userId = useUserId()
  useEffect(() => {
    if (userId) removeDrafts((owner) => owner === userId)
  }, [userId])
}

export interface Draft<T> {
  value: T
  /** Updates the value; kept as a draft while it differs from the saved one. */
  set(value: T): void
  /** The value came back from a draft (and still differs from the saved one). */
  restored: boolean
  /** Drops the draft and shows the saved value again. */
  discard(): void
  /** Call when `sent` was saved: drops the draft, unless more was typed meanwhile (that stays a draft). */
  clear(sent: T): void
}

interface State<T> {
  key: string | null
  savedJson: string
  value: T
  restored: boolean
}

function load<T>(key: string | null, saved: T, savedJson: string): State<T> {
  const raw = key ? read(key) : null
  if (key && raw !== null) {
    if (raw !== savedJson) {
      try {
        const value = JSON.parse(raw) as unknown
        if (typeof value === typeof saved) return { key, savedJson, value: value as T, restored: true }
      } catch {
        // not ours: fall through and drop it
      }
    }
    remove(key)
  }
  return { key, savedJson, value: saved, restored: false }
}

/**
 * A field's value with a draft behind it. `field` names the field on this screen (with the record's
 * id when the screen edits several); null while there is nothing to edit yet. `saved` is the value
 * the server has (JSON-serialisable); when it or the field changes, the draft or else `saved` shows.
 */
export function useDraft<T>(field: string | null, saved: T): Draft<T> {
  const userId = useUserId()
  const route = useLocation().pathname
  const key = userId && field !== null ? keyOf(userId, route, field) : null
  const savedJson = JSON.stringify(saved)
  const [state, setState] = useState<State<T>>(() => load(key, saved, savedJson))
  let current = state
  if (state.key !== key || state.savedJson !== savedJson) {
    // Another record, user or saved value: the adjust-state-while-rendering pattern of the React docs.
    current = load(key, saved, savedJson)
    setState(current)
  }
  const set = useCallback(
    (value: T) => {
      const json = JSON.stringify(value)
      setState((s) => ({ ...s, value, restored: s.restored && json !== s.savedJson }))
      if (!key) return
      if (json === savedJson) remove(key)
      else write(key, json)
    },
    [key, savedJson],
  )
  const discard = useCallback(() => {
    if (key) remove(key)
    setState((s) => ({ ...s, value: JSON.parse(s.savedJson) as T, restored: false }))
  }, [key])
  const clear = useCallback(
    (sent: T) => {
      const json = JSON.stringify(sent)
      if (key && (read(key) ?? json) === json) remove(key)
      setState((s) => ({ ...s, restored: false }))
    },
    [key],
  )
  return { value: current.value, set, restored: current.restored, discard, clear }
}

/** Whether a field of this screen has a draft (to mark, say, the questions with unsaved answers). */
export function useHasDraft(): (field: string) => boolean {
  const userId = useUserId()
  const route = useLocation().pathname
  return (field) => Boolean(userId) && read(keyOf(userId!, route, field)) !== null
}
