import { PeopleList } from '../../../features/people/components/people-list'

export default function PeopleRoute() {
  return <PeopleList />
}
