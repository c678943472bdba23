import { ClientList } from '../../../features/enterprise/components/client-list'

export default function ClientsRoute() {
  return <ClientList />
}
