import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { PAGE_SIZE } from '../../../config/constants'
import { api } from '../../../lib/api-client'

export interface Person {
  _id: string
  firstName?: string
  lastName?: string
  email: string
  companyName?: string
  status?: 'active' | 'invited'
  admin?: boolean
  createdAt?: string
}

export interface PeoplePage {
  status: boolean
  data: Person[]
  totalPages: number
  currentPage: number
  total: number
}

export const getPeople = (page: number) => api.get<PeoplePage>(`/api/people?page=${page}&pageSize=${PAGE_SIZE}`)

export const getPeopleQueryOptions = (page: number) => queryOptions({ queryKey: ['people', page], queryFn: () => getPeople(page) })

export const usePeople = (page: number) => useQuery({ ...getPeopleQueryOptions(page), placeholderData: keepPreviousData })
