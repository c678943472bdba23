import type { PeoplePage } from '@portal/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { PAGE_SIZE } from '../../../config/constants'
import { api } from '../../../lib/api-client'

export type { PeoplePage, Person } from '@portal/contracts'

export const getPeople = (page: number) => api.get<PeoplePage>(`/api/people?page=${page}&pageSize=${PAGE_SIZE}`)

export const getPeopleQueryOptions = (page: number) => queryOptions({ queryKey: ['people', page], queryFn: () => getPeople(page) })

export const usePeople = (page: number) => useQuery({ ...getPeopleQueryOptions(page), placeholderData: keepPreviousData })
