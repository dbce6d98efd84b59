import { redirect } from '@remix-run/node'

// SPEC.md §2: '/' redirects to the customer sign-in.
export const loader = () => redirect('/customer/signin')
