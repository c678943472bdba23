// Toasts (auto-dismissed after TOAST_MS; at most MAX_TOASTS shown, the newest kept, a repeat merged
// into one with a count) and the snack bar of spec §4: 'warn' | 'success' | 'info' | 'error' turn
// that kind on; 'off', 'clean' or 0 turn it off.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { TOAST_MS } from '../../config/constants'
import { useTopDialog } from '../../lib/dialog'

export type NoticeKind = 'success' | 'error' | 'info' | 'warn'
export type SnackbarAction = NoticeKind | 'off' | 'clean' | 0

export interface SnackbarState {
  open: boolean
  kind: NoticeKind | null
  message: string
}
export const SNACKBAR_CLOSED: SnackbarState = { open: false, kind: null, message: '' }

export function snackbarReducer(state: SnackbarState, action: { type: SnackbarAction; message?: string }): SnackbarState {
  switch (action.type) {
    case 'warn':
    case 'success':
    case 'info':
    case 'error':
      return { open: true, kind: action.type, message: action.message ?? state.message }
    case 'off':
    case 'clean':
    case 0:
      return SNACKBAR_CLOSED
    default:
      return state
  }
}

interface Toast {
  id: number
  kind: NoticeKind
  message: string
  /** How many times it was asked for while shown (a repeated toast is merged, not stacked). */
  count: number
}

/** At most this many toasts show at once; the oldest gives way to a new one. */
export const MAX_TOASTS = 3

/**
 * The shown toasts after `next` is asked for: the same kind and message already shown is merged
 * (counted, and moved to the newest place, its time restarted by the caller); then only the newest
 * MAX_TOASTS are kept.
 */
export function withToast(list: Toast[], next: Omit<Toast, 'count'>): Toast[] {
  const same = list.find((t) => t.kind === next.kind && t.message === next.message)
  const merged = same ? { ...next, count: same.count + 1 } : { ...next, count: 1 }
  return [...list.filter((t) => t !== same), merged].slice(-MAX_TOASTS)
}

interface NotificationsApi {
  toast: (kind: NoticeKind, message: string) => void
  snackbar: (action: SnackbarAction, message?: string) => void
}
const NotificationsContext = createContext<NotificationsApi>({ toast: () => {}, snackbar: () => {} })
export const useNotifications = (): NotificationsApi => useContext(NotificationsContext)

const TITLES: Record<NoticeKind, string> = { success: 'Success', error: 'Error', info: 'Info', warn: 'Warning' }

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const [snack, dispatch] = useReducer(snackbarReducer, SNACKBAR_CLOSED)
  const nextId = useRef(1)

  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((list) => list.filter((t) => t.id !== id))
  }, [])
  const toast = useCallback(
    (kind: NoticeKind, message: string) => {
      // A merged toast gets a new id (and so a fresh time); its old timer no longer finds it.
      const id = nextId.current++
      setToasts((list) => withToast(list, { id, kind, message }))
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      )
    },
    [dismiss],
  )
  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const t of pending.values()) clearTimeout(t)
      pending.clear()
    }
  }, [])
  const snackbar = useCallback((type: SnackbarAction, message?: string) => dispatch({ type, ...(message === undefined ? {} : { message }) }), [])
  const value = useMemo(() => ({ toast, snackbar }), [toast, snackbar])
  // While a modal dialog is open the page behind it is inert (lib/dialog): notices are shown, and
  // announced, from inside the dialog.
  const dialog = useTopDialog()
  const shown = (notices: ReactNode) => (dialog ? createPortal(notices, dialog) : notices)

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {shown(
        <>
          <div className="toasts" aria-live="polite">
            {toasts.map((t) => (
              <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
                <strong>{TITLES[t.kind]}</strong> <span>{t.message}</span>
                {t.count > 1 && <span className="toast-count"> ×{t.count}</span>}
                <button className="link-button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
                  ×
                </button>
              </div>
            ))}
          </div>
          {snack.open && snack.kind && (
            <div className={`snackbar toast-${snack.kind}`} role="status">
              <span>{snack.message}</span>
              <button className="link-button" onClick={() => dispatch({ type: 'off' })}>
                Close
              </button>
            </div>
          )}
        </>,
      )}
    </NotificationsContext.Provider>
  )
}
