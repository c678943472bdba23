import { SpecText } from '@portal/contracts/spec-text'
import { errorMessage } from '../../lib/api-client'
import { ConfirmDialog } from './confirm-dialog'
import { useNotifications } from './notifications'

/** The part of a react-query mutation the dialog uses. */
interface Mutation<V, R> {
  isPending: boolean
  mutate: (variables: V, options: { onSuccess: (reply: R) => void; onError: (err: Error) => void; onSettled: () => void }) => void
}

interface ConfirmMutationProps<V, R> {
  title: string
  message: string
  confirmLabel?: string
  mutation: Mutation<V, R>
  variables: V
  /** Toasted when it worked (null: nothing); deletes say 'Deleted Successfully'. */
  success?: string | ((reply: R) => string) | null
  /** Toasted when it failed; by default the server's message. */
  failure?: (err: Error) => string
  onSuccess?: (reply: R) => void
  /** Closes the dialog: on Cancel, and once the mutation has settled. */
  onClose: () => void
}

/** A ConfirmDialog (a delete by default) whose confirmation runs `mutation`, toasts the outcome and closes. */
export function ConfirmMutation<V, R>({
  title,
  message,
  confirmLabel,
  mutation,
  variables,
  success = SpecText.deleted,
  failure = (err) => errorMessage(err),
  onSuccess,
  onClose,
}: ConfirmMutationProps<V, R>) {
  const { toast } = useNotifications()
  return (
    <ConfirmDialog
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onCancel={onClose}
      onConfirm={() =>
        mutation.mutate(variables, {
          onSuccess: (reply) => {
            if (success !== null) toast('success', typeof success === 'function' ? success(reply) : success)
            onSuccess?.(reply)
          },
          onError: (err) => toast('error', failure(err)),
          onSettled: onClose,
        })
      }
    />
  )
}
