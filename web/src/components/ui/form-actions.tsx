interface FormActionsProps {
  /** The submit is running: the button is disabled, busy and says `pendingLabel`. */
  pending: boolean
  label: string
  pendingLabel: string
  onCancel: () => void
  cancelLabel?: string
  /** Disabled for another reason than `pending`. */
  disabled?: boolean
}

/** A modal form's footer: Cancel (or Close) and the submit button. */
export function FormActions({ pending, label, pendingLabel, onCancel, cancelLabel = 'Cancel', disabled }: FormActionsProps) {
  return (
    <div className="actions">
      <button type="button" className="secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className="primary" disabled={pending || disabled} aria-busy={pending || undefined}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  )
}
