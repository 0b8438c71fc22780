import pgDriver from 'pg';

/**
 * Every `schema.table.column` of every table, in any schema, whose text holds `needle` (any case):
 * what an erasure test looks through for an email, an id or a name afterwards.
 */
export async function whereFound(pg: pgDriver.Pool, needle: string): Promise<string[]> {
  const { rows: columns } = await pg.query<{ table_schema: string; table_name: string; column_name: string }>(`
    SELECT c.table_schema, c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE tb.table_type = 'BASE TABLE'
      AND c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg_toast%'
      AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'uuid')`);
  // a search that sees no tables would find nothing and prove nothing
  if (columns.length < 10) throw new Error(`only ${columns.length} columns to search`);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const column = pgDriver.escapeIdentifier(column_name);
    const { rows } = await pg.query(
      `SELECT 1 FROM ${pgDriver.escapeIdentifier(table_schema)}.${pgDriver.escapeIdentifier(table_name)}
       WHERE ${column}::text ILIKE '%' || $1 || '%' LIMIT 1`,
      [needle],
    );
    if (rows.length > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found.sort();
}
