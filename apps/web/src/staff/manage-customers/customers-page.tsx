import { Route, Switch } from 'wouter';
import { i18n } from '../../lib/i18n';
import type { ConsolePageProps } from '../console/console-pages';
import { CustomerDetail } from './routes/customer-detail';
import { CustomerList } from './routes/customer-list';
import './manage-customers.css';

/** The customers console's strings (locales/manage-customers.{ar,en}.json), both languages with the page's chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-customers.ar.json'),
  import('../../locales/manage-customers.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});

/**
 * `/staff/manage/customers` (issue 27 item 8): the list with search, sort and segments, the segment's CSV, and a
 * customer's page (`/{id}`) with points or a prize granted from it. Routes are relative to the page (nested).
 */
export default function CustomersPage(_: ConsolePageProps) {
  return (
    <Switch>
      <Route path="/" component={CustomerList} />
      <Route path="/:id" component={CustomerDetail} />
    </Switch>
  );
}
