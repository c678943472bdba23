import { type ReactNode, useId, useRef } from 'react'
import { useModalDialog } from '../../lib/dialog'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** `wide`: room for a table (the columns form); narrow screens still get the full width. */
  wide?: boolean
}

/**
 * A modal dialog labelled by its title: the native <dialog> opened with showModal(), so the page
 * behind is inert. Focus moves to its first control, Tab stays inside, Escape closes it and focus
 * returns to the control that opened it (lib/dialog).
 */
export function Modal({ title, onClose, children, wide }: ModalProps) {
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  useModalDialog(ref, onClose)
  return (
    <dialog className={wide ? 'modal wide' : 'modal'} aria-modal="true" aria-labelledby={titleId} ref={ref}>
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="link-button modal-close" aria-label="Close" data-dialog-close onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  )
}
