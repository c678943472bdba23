import { SsoSettingsPage } from '../../../features/sso/components/sso-settings-page'

/** Single sign-on settings (/settings/sso, admins). */
export default function SsoSettingsRoute() {
  return <SsoSettingsPage />
}
