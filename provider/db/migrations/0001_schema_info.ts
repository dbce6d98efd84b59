import { sql, type Kysely } from 'kysely'

// Bootstrap only: proves the migrator, its lock and its bookkeeping on both engines before the
// real schema arrives. Key-value facts about the database itself live here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schema_info')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`insert into schema_info (key, value) values ('created_by', 'baricare')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('schema_info').execute()
}
