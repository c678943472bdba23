// Leaving a question whose answer was changed and not saved (issue 14: edits were lost silently):
// Save it, Discard the change, or Cancel and stay.
import { Modal } from '../../../components/ui/modal'

interface Props {
  /** "Q3", the question whose answer is unsaved. */
  label: string
  saving: boolean
  onSave: () => void
  onDiscard: () => void
  onCancel: () => void
}

export function UnsavedDialog({ label, saving, onSave, onDiscard, onCancel }: Props) {
  return (
    <Modal title="Unsaved answer" onClose={onCancel}>
      <p>The answer to {label} has changes that are not saved. Save them before leaving the question?</p>
      <div className="actions">
        <button className="primary" disabled={saving} aria-busy={saving || undefined} onClick={onSave}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button className="danger" disabled={saving} onClick={onDiscard}>
          Discard
        </button>
        <button className="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
