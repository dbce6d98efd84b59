import { PageLinks } from '~/components/ui/page-links'
import { patientsHref, type PatientsQuery } from './admin-patients'

export function Pagination({
  query,
  totalPages,
  total,
  shown,
}: {
  query: PatientsQuery
  totalPages: number
  total: number
  shown: number
}) {
  if (totalPages <= 1) return null
  return (
    <PageLinks
      summary={`Page ${query.page} of ${totalPages} · ${shown} of ${total} patients`}
      previous={query.page > 1 ? patientsHref(query, { page: query.page - 1 }) : null}
      next={query.page < totalPages ? patientsHref(query, { page: query.page + 1 }) : null}
    />
  )
}
