// A PostgreSQL server's admin helpers, without the embedded database's imports: the API suite's global setup and the
// journeys' servers (e2e/support/data-template.ts) use them.
import pg from 'pg';

/** `DATABASE_URL` with another database name. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server as the admin URL's user (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
