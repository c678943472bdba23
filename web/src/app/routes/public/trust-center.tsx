import { TitleScreen } from '../../../features/placeholders/components/title-screen'

/** Public trust center of a special domain (and the signed-in preview): title only for now. */
export default function TrustCenterRoute() {
  return (
    <main className="content">
      <TitleScreen title="Trust Center" />
    </main>
  )
}
