// `npm run bench -- --only <section>` for the sections that run alone on PostgreSQL and are put in place of their own
// part of docs/benchmarks.md (the rest of the file kept): the console (issue 26), the SMS and Foodics hand-offs
// (issue 28), the customer list and the reports (issue 27). Each is measured, rendered and written the same way.
import { join } from 'node:path';
import { benchConsole, CONSOLE_HEADING, renderConsole } from './console.ts';
import { benchCustomers, CUSTOMERS_HEADING, renderCustomers } from './customers.ts';
import { benchFoodics, FOODICS_HEADING, renderFoodics } from './foodics.ts';
import { ROOT } from './processes.ts';
import { updateSection } from './report.ts';
import { benchReports, REPORTS_HEADING, renderReports } from './reports.ts';
import { benchSms, renderSms, SMS_HEADING } from './sms.ts';

export type OnlySection = 'console' | 'sms' | 'foodics' | 'customers' | 'reports';

/** The API's environment for these runs: the built web app, a pool of 10. */
const serverEnv = (webDist: string) => ({ WEB_DIST: webDist, DATABASE_POOL_SIZE: '10' });

/** Measures one section, puts its rendering in place of that section, and fails the run when a figure could not be taken. */
async function measure(
  section: OnlySection,
  pgUrl: string,
  tmp: string,
  webDist: string,
  started: Date,
): Promise<[string, string[], boolean]> {
  switch (section) {
    case 'console': {
      const result = await benchConsole(pgUrl, serverEnv(webDist));
      return [CONSOLE_HEADING, renderConsole(result, started), Boolean(result.failure)];
    }
    case 'sms': {
      const result = await benchSms(pgUrl, serverEnv(webDist));
      return [SMS_HEADING, renderSms(result, started), Boolean(result.failure)];
    }
    case 'foodics': {
      const result = await benchFoodics(pgUrl, serverEnv(webDist));
      return [FOODICS_HEADING, renderFoodics(result, started), Boolean(result.failure)];
    }
    case 'customers':
      return [CUSTOMERS_HEADING, renderCustomers(await benchCustomers(pgUrl), started), false];
    case 'reports': {
      const results = await benchReports(pgUrl, join(tmp, 'reports-pglite'), serverEnv(webDist));
      return [REPORTS_HEADING, renderReports(results, started), results.some((r) => r.failure)];
    }
  }
}

/** The built web app the servers serve: apps/web/dist unless the full run built its own. */
export async function sectionOnly(
  section: OnlySection,
  pgUrl: string | undefined,
  tmp: string,
  webDist = join(ROOT, 'apps/web/dist'),
): Promise<void> {
  if (!pgUrl) throw new Error(`--only ${section} needs PostgreSQL (run without --no-postgres)`);
  const [heading, text, failed] = await measure(section, pgUrl, tmp, webDist, new Date());
  updateSection(heading, text);
  if (failed) {
    console.error(`[bench] ${section.toUpperCase()} FAILED`);
    process.exitCode = 1;
  }
}
