import { ApiKeysPage } from '../../../features/api-access/components/api-keys-page'

export default function ApiKeysRoute() {
  return <ApiKeysPage />
}
