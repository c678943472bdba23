import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { PAGE_SIZE } from '../../../config/constants'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { formatDateTime } from '../../../lib/format-date'
import { fullName } from '../../../lib/validation'
import { useDeletePerson } from '../api/delete-person'
import { type Person, usePeople } from '../api/get-people'
import { InviteModal } from './invite-modal'

export function PeopleList() {
  const [page, setPage] = useState(1)
  const [inviting, setInviting] = useState(false)
  const [toDelete, setToDelete] = useState<Person | null>(null)
  const people = usePeople(page)
  const remove = useDeletePerson()
  const myId = useSession().authData?._id
  const { toast } = useNotifications()
  const rows = people.data?.data ?? []

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete._id, {
      onSuccess: (reply) => toast('success', reply?.message || 'Deleted Successfully'),
      onError: (err) => toast('error', errorMessage(err)),
      onSettled: () => setToDelete(null),
    })
  }

  return (
    <section className="card">
      <div className="card-header">
        <h1>People</h1>
        <button className="primary" onClick={() => setInviting(true)}>
          Invite People
        </button>
      </div>
      {people.isPending ? (
        <Spinner label="Loading people" />
      ) : (
        <div className="table-wrap">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Added</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="empty">
                    No Data found
                  </td>
                </tr>
              ) : (
                rows.map((person, i) => (
                  <tr key={person._id}>
                    <td data-label="#">{(page - 1) * PAGE_SIZE + i + 1}</td>
                    <td data-label="Name">{fullName(person.firstName, person.lastName) || '-'}</td>
                    <td data-label="Email">{person.email}</td>
                    <td data-label="Role">
                      <span className="badge">{person.admin ? 'Admin' : 'Collaborator'}</span>
                    </td>
                    <td data-label="Status">{person.status === 'invited' ? 'Invited' : 'Active'}</td>
                    <td data-label="Added">{formatDateTime(person.createdAt)}</td>
                    <td data-label="Action">
                      {/* The server refuses deleting yourself; do not offer it. */}
                      {person._id !== myId && (
                        <button className="danger small" aria-label={`Delete ${person.email}`} onClick={() => setToDelete(person)}>
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {people.isError && (
        <p className="form-error" role="alert">
          Error:Something went wrong!
        </p>
      )}
      <Pagination currentPage={page} totalPages={people.data?.totalPages ?? 0} onChange={setPage} />
      {inviting && <InviteModal onClose={() => setInviting(false)} />}
      {toDelete && (
        <ConfirmDialog
          title="Delete Person"
          message={`Are you sure you want to delete ${toDelete.email}?`}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
