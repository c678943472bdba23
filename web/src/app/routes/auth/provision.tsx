import { Provisioning } from '../../../features/auth/components/provisioning'

export default function ProvisionRoute() {
  return <Provisioning />
}
