import { DrafterSettingsPage } from '../../../features/drafter/components/drafter-settings-page'

/** Drafter settings (/settings/drafter). */
export default function DrafterSettingsRoute() {
  return <DrafterSettingsPage />
}
