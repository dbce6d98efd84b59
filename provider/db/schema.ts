import type { Generated } from 'kysely'

// The tables as Kysely sees them. Slice 2 adds one interface per table it ports; migrations
// themselves never import this file, since they must keep describing the schema of their own day.

export interface SchemaInfoTable {
  key: string
  value: string
  updated_at: Generated<string>
}

export interface Database {
  schema_info: SchemaInfoTable
}
