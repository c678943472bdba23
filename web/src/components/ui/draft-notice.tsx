/** Says that text typed before a forced sign-in came back (lib/drafts), and offers to drop it. */
export function DraftNotice({ draft, what = 'text' }: { draft: { restored: boolean; discard(): void }; what?: string }) {
  if (!draft.restored) return null
  return (
    <p className="muted small draft-notice" role="status">
      Your unsaved {what} was restored.{' '}
      <button type="button" className="link-button" onClick={draft.discard}>
        Discard
      </button>
    </p>
  )
}
