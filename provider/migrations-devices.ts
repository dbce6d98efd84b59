// Extension (docs/provider-api.md, "Extensions"): connected health-data accounts and the source of
// imported entries.
export const devicesMigration = `
  SELECT 1;
`
