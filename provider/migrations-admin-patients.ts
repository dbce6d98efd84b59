// Extension (docs/provider-api.md, "Extensions"): the admin portal's patient alerts.
export const adminPatientsMigration = `
  SELECT 1;
`
