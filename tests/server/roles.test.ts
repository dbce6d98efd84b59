import { describe, expect, it } from 'vitest'
import { ADMIN_ROLES, isRoleAllowed, resolveAdminRole } from '~/platform/roles'

describe('resolveAdminRole (SPEC.md §6)', () => {
  it.each([
    [['Super Admin'], 'Super Admin'],
    [['Standard Admin'], 'Standard Admin'],
    [['Standard Admin', 'Super Admin'], 'Super Admin'],
    [['Super Admin', 'Standard Admin'], 'Super Admin'],
    ['Super Admin', 'Super Admin'],
    [['Auditor'], null],
    [['super admin'], null],
    [['Auditor', 'Standard Admin'], 'Standard Admin'],
    [[], null],
    [undefined, null],
    [null, null],
  ] as const)('%j → %j', (roles, expected) => {
    expect(resolveAdminRole(roles)).toBe(expected)
  })
})

describe('isRoleAllowed', () => {
  it('lets both roles in by default and no role never', () => {
    expect(ADMIN_ROLES).toEqual(['Standard Admin', 'Super Admin'])
    expect(isRoleAllowed('Standard Admin')).toBe(true)
    expect(isRoleAllowed('Super Admin')).toBe(true)
    expect(isRoleAllowed(null)).toBe(false)
  })

  it('honours a narrower list', () => {
    expect(isRoleAllowed('Standard Admin', ['Super Admin'])).toBe(false)
    expect(isRoleAllowed('Super Admin', ['Super Admin'])).toBe(true)
  })
})
