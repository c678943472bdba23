import { SettingsPage } from '../../../features/trust-center/components/settings-page'

export default function Route() {
  return <SettingsPage />
}
