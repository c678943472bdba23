// The review page's keyboard shortcuts (issue 14): next / previous question, approve and save work
// while typing in the answer box (they use Alt or Ctrl/Cmd, which typing never does); `?` opens the
// list of them, outside text fields only. The "Keyboard shortcuts" button shows the same list.
import { useEffect, useId, useRef } from 'react'

export type Shortcut = 'next' | 'previous' | 'approve' | 'save' | 'help'

export interface KeyLike {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
}

/** A text field, where plain keys are typing: inputs (not checkboxes or buttons), textareas, selects, editable content. */
export function isTextField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type)
}

/** The shortcut a key press means, if any. `inText`: the press happened in a text field. */
export function shortcutOf(e: KeyLike, inText: boolean): Shortcut | null {
  const mod = e.ctrlKey || e.metaKey
  if (e.altKey && !mod && !e.shiftKey) {
    if (e.key === 'ArrowDown') return 'next'
    if (e.key === 'ArrowUp') return 'previous'
    return null
  }
  if (mod && !e.altKey) {
    if (e.key === 'Enter') return 'approve'
    if (e.key.toLowerCase() === 's' && !e.shiftKey) return 'save'
    return null
  }
  if (e.key === '?' && !e.altKey && !inText) return 'help'
  return null
}

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** The shortcuts in words, for the help list. */
export function shortcutList(mac = isMac()): [keys: string[], what: string, either?: boolean][] {
  const mod = mac ? '⌘' : 'Ctrl'
  const alt = mac ? '⌥' : 'Alt'
  return [
    [['↑', '↓'], 'Move through the questions (in the list)', true],
    [['Home', 'End'], 'First or last question (in the list)', true],
    [['Enter'], 'Edit the answer of the question (in the list)'],
    [[alt, '↓'], 'Next question'],
    [[alt, '↑'], 'Previous question'],
    [[mod, 'S'], 'Save the answer'],
    [[mod, 'Enter'], 'Mark as approved (again: undo)'],
    [[mod, 'Enter'], 'Add the comment (in the comment box)'],
    [['?'], 'Show these shortcuts (outside text fields)'],
    [['Esc'], 'Close this list'],
  ]
}

/** The help popover: a non-modal dialog next to its button; Escape or a click elsewhere closes it and focus goes back to the button. */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.stopPropagation()
      onOpenChange(false)
      button.current?.focus()
    }
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node
      if (!panel.current?.contains(t) && !button.current?.contains(t)) onOpenChange(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onDown)
    }
  }, [open, onOpenChange])
  return (
    <div className="shortcuts">
      <button ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => onOpenChange(!open)}>
        Keyboard shortcuts
      </button>
      {open && (
        <div ref={panel} id={id} className="card shortcuts-popover" role="dialog" aria-label="Keyboard shortcuts" tabIndex={-1}>
          <h2>Keyboard shortcuts</h2>
          <dl>
            {shortcutList().map(([keys, what, either]) => (
              <div key={what} className="shortcut">
                <dt>
                  {keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && (either ? ' or ' : ' + ')}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  )
}
