// Client List (spec §2): #, Vendor Name, Action; Create New Client; View; delete with confirmation.
import { companyNameProblem } from '@portal/contracts/company-name'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { CardHeader } from '../../../components/ui/card-header'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { Field, useInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { type Company, useCompanies, useCreateCompany, useDeleteCompany } from '../api'

function CreateClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (c: Company) => void }) {
  const { value: name, setError, field } = useInput()
  const create = useCreateCompany()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = companyNameProblem(name)
    if (problem) return setError(problem)
    try {
      onCreated(await create.mutateAsync(name))
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'An error occurred')
    }
    return undefined
  }
  return (
    <Modal title="Create New Client" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field name="companyName" label="Client name" {...field} />
        <div className="actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  )
}

export function ClientList() {
  const companies = useCompanies()
  const remove = useDeleteCompany()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [toDelete, setToDelete] = useState<Company | null>(null)
  const view = (c: Company) => navigate(`/enterprise-vendor-details?id=${encodeURIComponent(c._id)}`)
  return (
    <section className="card">
      <CardHeader action="Create New Client" onAction={() => setCreating(true)}>
        <h1>Client List</h1>
      </CardHeader>
      {companies.isPending ? (
        <Spinner label="Loading clients" />
      ) : (
        <DataTable className="stack" columns={['#', 'Vendor Name', 'Action']} rows={companies.data ?? []} empty="No Data found">
          {(c, i) => (
            <tr key={c._id}>
              <td data-label="#">{i + 1}</td>
              <td data-label="Vendor Name">{c.companyName}</td>
              <td className="row-actions" data-label="Action">
                <button className="link-button" onClick={() => view(c)}>
                  View
                </button>
                <button className="danger small" aria-label={`Delete ${c.companyName}`} onClick={() => setToDelete(c)}>
                  Delete
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {creating && (
        <CreateClientModal
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false)
            view(c)
          }}
        />
      )}
      {toDelete && (
        <ConfirmMutation
          title="Delete Client"
          message={`Are you sure you want to delete ${toDelete.companyName}? Its documents and questionnaires are deleted too.`}
          mutation={remove}
          variables={toDelete._id}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
