// What the forgot-password routes need on the server, apart from the reset routes' module: in the
// browser build every `.server` module a route imports becomes an empty stand-in module, and one
// shared by the forgot and the reset screens was a file of its own that each of them downloaded.
// Here the stand-in travels in the forgot-password screen's own chunk.
export { forgotPasswordAction, forgotPasswordLoader } from './password-reset.server'
export { requireAnonymousAdmin, requireAnonymousCustomer } from '~/platform/guards.server'
