// Paging shared by the lists with numbered pages (patients, audit log, inbox). Plain values, no zod.

/** `?page=` beyond this reads as this page: past every real list, and still a small number. */
export const PAGE_NUMBER_MAX = 100_000
