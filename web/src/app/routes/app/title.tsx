import { TitleScreen } from '../../../features/placeholders/components/title-screen'

export default function TitleRoute({ title }: { title: string }) {
  return <TitleScreen title={title} />
}
