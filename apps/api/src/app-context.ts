import type { Config } from './config/env.ts';
import type { Database, DatabaseKind } from './db/client.ts';

/** What services need from the app: the database, the config and a clock (tests can pin time). */
export interface AppContext {
  db: Database;
  databaseKind: DatabaseKind;
  config: Config;
  now: () => Date;
}
