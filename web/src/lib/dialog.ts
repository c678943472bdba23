// What every dialog of the console and the public page does with the keyboard (issue 14): a native
// <dialog> is opened with showModal() (the rest of the page inert, ::backdrop drawn); focus moves
// into it, Tab and Shift+Tab cycle through its controls, Escape closes it (through the owner's
// onClose, so React state stays the truth), and focus goes back to what opened it. A dialog drawn
// with a plain element (the public page's forms) gets the same keyboard handling.
import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from 'react'

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(', ')

/** The controls of `root` that Tab reaches, in order (rendered ones only, where there is layout). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  // jsdom lays nothing out: there every control counts.
  const laidOut = root.getClientRects().length > 0
  const shown = [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((e) => e.tabIndex >= 0 && (!laidOut || e.getClientRects().length > 0))
  // A radio group is one stop: its checked radio, else its first.
  return shown.filter((e) => {
    if (!(e instanceof HTMLInputElement) || e.type !== 'radio' || !e.name) return true
    const group = shown.filter((o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === e.name && o.form === e.form)
    return e === (group.find((o) => o.checked) ?? group[0])
  })
}

// The open dialogs, innermost last: only the top one answers the keyboard, and toasts are shown in it.
let stack: HTMLElement[] = []
const listeners = new Set<() => void>()
const changed = () => {
  for (const l of listeners) l()
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const top = () => stack.at(-1) ?? null

/** The innermost open modal dialog (null when none): what is shown above it must live inside it. */
export function useTopDialog(): HTMLElement | null {
  return useSyncExternalStore(subscribe, top, () => null)
}

/** Where focus goes when a dialog opens: an [autofocus] control, else the first control that is not its Close button. */
function initialFocus(root: HTMLElement): HTMLElement {
  const auto = root.querySelector<HTMLElement>('[autofocus], [data-autofocus]')
  if (auto) return auto
  const all = tabbables(root)
  return all.find((e) => !e.hasAttribute('data-dialog-close')) ?? all[0] ?? root
}

/**
 * Makes `ref` (a <dialog>, or an element with role="dialog") behave as a modal dialog while the
 * component is mounted. `onClose` is called on Escape; without it Escape does nothing.
 */
export function useModalDialog(ref: RefObject<HTMLElement | null>, onClose?: () => void): void {
  const close = useRef(onClose)
  close.current = onClose
  // A layout effect: its cleanup runs as the dialog leaves the page, not a frame later (Preact 11 and
  // React run passive cleanups after paint), so focus never rests on <body> between the two.
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    const native = el instanceof HTMLDialogElement
    if (native && !el.open) {
      // jsdom has no showModal(): there the dialog is only shown.
      if (typeof el.showModal === 'function') el.showModal()
      else el.setAttribute('open', '')
    }
    stack = [...stack, el]
    changed()
    if (!el.hasAttribute('tabindex')) el.tabIndex = -1
    initialFocus(el).focus()

    const onKey = (e: KeyboardEvent) => {
      if (top() !== el) return
      if (e.key === 'Escape') {
        // The owner closes it (or not, while busy); the browser's own closing is held back.
        e.preventDefault()
        e.stopPropagation()
        close.current?.()
      } else if (e.key === 'Tab') {
        const list = tabbables(el)
        const first = list[0]
        const last = list.at(-1)
        const active = document.activeElement
        if (!first || !last) {
          e.preventDefault()
          el.focus()
        } else if (e.shiftKey && (active === first || active === el || !el.contains(active))) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && (active === last || !el.contains(active))) {
          e.preventDefault()
          first.focus()
        }
      }
    }
    // Escape on a native modal dialog fires `cancel`: it closes through onClose only.
    const onCancel = (e: Event) => e.preventDefault()
    // Closed anyway (a browser may close a dialog that keeps refusing): the owner hears of it.
    const onNativeClose = () => close.current?.()
    document.addEventListener('keydown', onKey, true)
    el.addEventListener('cancel', onCancel)
    el.addEventListener('close', onNativeClose)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      el.removeEventListener('cancel', onCancel)
      el.removeEventListener('close', onNativeClose)
      if (native && (el as HTMLDialogElement).open && typeof (el as HTMLDialogElement).close === 'function') (el as HTMLDialogElement).close()
      stack = stack.filter((d) => d !== el)
      changed()
      // Back to the opener; if it is gone (the row it deleted), to the main content.
      const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('main')
      if (target) {
        if (target === opener) target.focus()
        else {
          if (!target.hasAttribute('tabindex')) target.tabIndex = -1
          target.focus({ preventScroll: true })
        }
      }
    }
  }, [ref])
}
