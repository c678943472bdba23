import { TitleScreen } from '../../../features/placeholders/components/title-screen'

export default function PublicNdaRoute() {
  return (
    <main className="content">
      <TitleScreen title="NDA" />
    </main>
  )
}
