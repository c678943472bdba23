import { SpecText } from '@portal/contracts/spec-text'
import { useState } from 'react'
import { CardHeader } from '../../../components/ui/card-header'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { FormError } from '../../../components/ui/form-message'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { PAGE_SIZE } from '../../../config/constants'
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
  const rows = people.data?.data ?? []

  return (
    <section className="card">
      <CardHeader action="Invite People" onAction={() => setInviting(true)}>
        <h1>People</h1>
      </CardHeader>
      {people.isPending ? (
        <Spinner label="Loading people" />
      ) : (
        <DataTable className="stack" columns={['#', 'Name', 'Email', 'Role', 'Status', 'Added', 'Action']} rows={rows} empty="No Data found">
          {(person, i) => (
            <tr key={person._id}>
              <td data-label="#">{(page - 1) * PAGE_SIZE + i + 1}</td>
              <td data-label="Name">{fullName(person.firstName, person.lastName) || '-'}</td>
              <td data-label="Email">{person.email}</td>
              <td data-label="Role">
                <span className="badge">{person.admin ? 'Admin' : 'Collaborator'}</span>
              </td>
              <td data-label="Status">{person.status === 'invited' ? 'Invited' : person.status === 'deactivated' ? 'Deactivated' : 'Active'}</td>
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
          )}
        </DataTable>
      )}
      {people.isError && <FormError>Error:Something went wrong!</FormError>}
      <Pagination currentPage={page} totalPages={people.data?.totalPages ?? 0} onChange={setPage} />
      {inviting && <InviteModal onClose={() => setInviting(false)} />}
      {toDelete && (
        <ConfirmMutation
          title="Delete Person"
          message={`Are you sure you want to delete ${toDelete.email}?`}
          mutation={remove}
          variables={toDelete._id}
          success={(reply) => reply?.message || SpecText.deleted}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
