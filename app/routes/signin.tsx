import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { withSameQuery } from '~/features/auth/redirect-keeping-query'

export const loader = ({ request }: LoaderFunctionArgs) => redirect(withSameQuery(request, '/customer/signin'))
