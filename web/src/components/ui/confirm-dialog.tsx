import { Modal } from './modal'

interface ConfirmDialogProps {
  title: string
  message: string
  confirmLabel?: string
  /** The confirmed action is running: its button is disabled and says so. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({ title, message, confirmLabel = 'Delete', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className="actions">
        <button className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button className="danger" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {busy ? (confirmLabel === 'Delete' ? 'Deleting…' : 'Please wait…') : confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
