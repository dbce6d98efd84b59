/**
 * For an expectation that waits on a save and the page it leads to: the action's calls to the API,
 * its redirect, then the next page's loader and code. About a second on a quiet machine, but with
 * four or five workers on two cores it ran past the 7 s every other expectation gets (the wizard's
 * "Complete Profile" on to the dashboard). Only such waits take it; the rest keep the default, so a
 * page that has become slow still fails.
 */
export const AFTER_SAVE = { timeout: 20_000 } as const
