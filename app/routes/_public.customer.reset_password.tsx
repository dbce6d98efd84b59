// SPEC.md §2 references the reset screen under both spellings; this is the same screen.
export { action, default, loader, meta } from './_public.customer.reset-password'
