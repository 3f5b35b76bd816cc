import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { ReportDashboard, ReportQuery } from '@sufra/shared/schemas/reports';
import { useMemo, useState } from 'react';
import { LoadError } from '../../components/ui/load-state';
import { formatNumber } from '../../lib/format-number';
import { i18n } from '../../lib/i18n';
import { useApiQuery } from '../../lib/use-api-query';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import type { ConsolePageProps } from '../console/console-pages';
import { PageHeader } from '../console/ui/page-header';
import { getDashboard, reportsKey } from './api/manage-reports';
import { BarChart } from './components/bar-chart';
import { EngagementSections } from './components/engagement-sections';
import { Figure, Section, SimpleTable } from './components/report-parts';
import './manage-reports.css';

/** The reports' strings (locales/manage-reports.{ar,en}.json), both languages with the page's chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-reports.ar.json'),
  import('../../locales/manage-reports.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});

const PRESETS = ['7', '30', '90', '365'] as const;
type Preset = (typeof PRESETS)[number] | 'custom';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Today in Saudi Arabia (the roll-ups' days are the branches' days). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
const daysBefore = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));

function presetPeriod(preset: Exclude<Preset, 'custom'>): { from: string; to: string } {
  const to = today();
  return { from: daysBefore(to, Number(preset) - 1), to };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayText(day: string, language: Language, style: 'short' | 'weekday' | 'weekdayShort' = 'short'): string {
  const key = `${language}:${style}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-arab' : 'en-GB', {
      ...(style === 'short' ? { day: 'numeric', month: 'short' } : { weekday: style === 'weekday' ? 'long' : 'short' }),
      timeZone: 'UTC',
    });
    dayFormats.set(key, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}
/** ISO weekday 1 (Monday) … 7: 2024-01-01 was a Monday. */
const weekdayDay = (weekday: number) => `2024-01-0${weekday}`;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * `/staff/manage/reports` (issue 27 items 9-10): the brand's or one branch's figures over a period beside the
 * period before, charts with their tables, each table as CSV, and a printable page. Every figure comes from the
 * roll-ups (docs/adr/0610).
 */
export default function ReportsPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [preset, setPreset] = useState<Preset>('30');
  const [draft, setDraft] = useState<ReportQuery>(() => presetPeriod('30'));
  const [query, setQuery] = useState<ReportQuery>(draft);
  const dashboard = useApiQuery([...reportsKey, 'dashboard', JSON.stringify(query), language], () =>
    getDashboard(query, language),
  );
  const d = dashboard.data;

  const choosePreset = (value: Preset) => {
    setPreset(value);
    if (value === 'custom') return;
    const next = { ...draft, ...presetPeriod(value) };
    setDraft(next);
    setQuery(next);
  };

  return (
    <div className="console-page manage-reports" data-testid="manage-reports">
      <PageHeader
        title={t('manageReports.title')}
        lead={t('manageReports.lead')}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            {t('manageReports.print')}
          </button>
        }
      />
      <form
        className="console-filters manage-reports__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft);
        }}
      >
        <label>
          <span>{t('manageReports.period')}</span>
          <select
            className="input"
            value={preset}
            onChange={(e) => choosePreset(e.target.value as Preset)}
            data-testid="reports-preset"
          >
            {[...PRESETS, 'custom' as const].map((p) => (
              <option key={p} value={p}>
                {t(`manageReports.presets.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('manageReports.from')}</span>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => {
              setPreset('custom');
              setDraft({ ...draft, from: e.target.value });
            }}
            data-testid="reports-from"
          />
        </label>
        <label>
          <span>{t('manageReports.to')}</span>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => {
              setPreset('custom');
              setDraft({ ...draft, to: e.target.value });
            }}
            data-testid="reports-to"
          />
        </label>
        <label>
          <span>{t('manageReports.branch')}</span>
          <select
            className="input"
            value={draft.branchId ?? ''}
            onChange={(e) => {
              const next = { ...draft, branchId: e.target.value ? Number(e.target.value) : undefined };
              setDraft(next);
              setQuery(next);
            }}
            data-testid="reports-branch"
          >
            <option value="">{t('manageReports.allBranches')}</option>
            {d?.branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name[language]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" data-testid="reports-apply">
          {t('manageReports.apply')}
        </button>
      </form>
      {dashboard.error && !d ? (
        <LoadError error={dashboard.error} onRetry={dashboard.refetch} />
      ) : !d ? (
        <p className="console-loading" role="status">
          {t('manageReports.loading')}
        </p>
      ) : (
        <Dashboard d={d} query={query} />
      )}
    </div>
  );
}

function Dashboard({ d, query }: { d: ReportDashboard; query: ReportQuery }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  const sar = (value: number) => formatSar(value, language);
  const c = d.current;
  const b = d.before;
  const figure = (id: string, now: number, before: number, text: (v: number) => string, lowerIsBetter = false) => (
    <Figure
      key={id}
      id={id}
      label={t(`manageReports.figures.${id}`)}
      now={now}
      before={before}
      text={text}
      lowerIsBetter={lowerIsBetter}
    />
  );

  const days = useMemo(() => d.days.map((x) => dayText(x.day, language)), [d.days, language]);
  const dayValues = useMemo(() => d.days.map((x) => x.netHalalas), [d.days]);
  const hourLabels = useMemo(() => Array.from({ length: 24 }, (_, h) => formatNumber(h, language)), [language]);
  const hourValues = useMemo(() => {
    const values = new Array<number>(24).fill(0);
    for (const h of d.hours) values[h.hour] = h.orders;
    return values;
  }, [d.hours]);
  const weekdayLabels = useMemo(
    () => WEEKDAYS.map((w) => dayText(weekdayDay(w), language, 'weekdayShort')),
    [language],
  );
  const weekdayValues = useMemo(
    () => WEEKDAYS.map((w) => d.weekdays.find((x) => x.weekday === w)?.orders ?? 0),
    [d.weekdays],
  );
  const sarAxis = useMemo(() => (v: number) => formatSar(Math.round(v), language), [language]);
  const countAxis = useMemo(() => (v: number) => (Number.isInteger(v) ? formatNumber(v, language) : ''), [language]);

  return (
    <>
      <dl className="manage-reports__figures">
        {figure('orders', c.orders, b.orders, n)}
        {figure('net', c.netHalalas, b.netHalalas, sar)}
        {figure('vat', c.vatHalalas, b.vatHalalas, sar)}
        {figure('basket', c.averageBasketHalalas, b.averageBasketHalalas, sar)}
        {figure('canceled', c.canceled, b.canceled, n, true)}
        {figure('coupon', c.discounts.couponHalalas, b.discounts.couponHalalas, sar)}
        {figure('points', c.discounts.pointsHalalas, b.discounts.pointsHalalas, sar)}
        {figure('reward', c.discounts.rewardHalalas, b.discounts.rewardHalalas, sar)}
        {figure('issued', c.points.issued, b.points.issued, n)}
        {figure('redeemed', c.points.redeemed, b.points.redeemed, n)}
        {figure('expired', c.points.expired, b.points.expired, n)}
        {figure('members', c.activeMembers, b.activeMembers, n)}
        <div className="manage-reports__figure" data-testid="reports-figure-liability">
          <dt>{t('manageReports.figures.liability')}</dt>
          <dd>
            <strong>{sar(d.loyalty.liabilityHalalas)}</strong>
            <span>{t('manageReports.figures.outstanding', { points: n(d.loyalty.outstandingPoints) })}</span>
          </dd>
        </div>
      </dl>
      {c.orders === 0 && c.canceled === 0 && <p className="console-empty">{t('manageReports.empty')}</p>}
      <Section table="days" query={query}>
        <BarChart labels={days} values={dayValues} valueText={sarAxis} testId="reports-chart-days" />
        <SimpleTable
          headers={[t('manageReports.columns.day'), t('manageReports.columns.orders'), t('manageReports.columns.net')]}
          rows={d.days.map((x) => [dayText(x.day, language), n(x.orders), sar(x.netHalalas)])}
        />
      </Section>
      <Section table="hours" query={query}>
        <BarChart labels={hourLabels} values={hourValues} valueText={countAxis} testId="reports-chart-hours" />
        <SimpleTable
          headers={[t('manageReports.columns.hour'), t('manageReports.columns.orders'), t('manageReports.columns.net')]}
          rows={d.hours.map((x) => [n(x.hour), n(x.orders), sar(x.netHalalas)])}
        />
      </Section>
      <Section table="weekdays" query={query}>
        <BarChart labels={weekdayLabels} values={weekdayValues} valueText={countAxis} testId="reports-chart-weekdays" />
        <SimpleTable
          headers={[
            t('manageReports.columns.weekday'),
            t('manageReports.columns.orders'),
            t('manageReports.columns.net'),
          ]}
          rows={d.weekdays.map((x) => [
            dayText(weekdayDay(x.weekday), language, 'weekday'),
            n(x.orders),
            sar(x.netHalalas),
          ])}
        />
      </Section>
      <div className="manage-reports__grid">
        <Section table="orderTypes" query={query}>
          <SimpleTable
            headers={[t('manageReports.columns.type'), t('manageReports.columns.orders')]}
            rows={d.orderTypes.map((x) => [t(`manageReports.orderTypes.${x.orderType}`), n(x.orders)])}
          />
        </Section>
        <Section table="payments" query={query}>
          <SimpleTable
            headers={[
              t('manageReports.columns.method'),
              t('manageReports.columns.orders'),
              t('manageReports.columns.amount'),
            ]}
            rows={d.payments.map((x) => [t(`manageReports.methods.${x.method}`), n(x.orders), sar(x.totalHalalas)])}
          />
        </Section>
        <Section table="topItems" query={query}>
          <SimpleTable
            headers={[
              t('manageReports.columns.item'),
              t('manageReports.columns.quantity'),
              t('manageReports.columns.net'),
            ]}
            rows={d.topItems.map((x) => [x.name[language], n(x.quantity), sar(x.netHalalas)])}
          />
        </Section>
        <Section table="bottomItems" query={query}>
          <SimpleTable
            headers={[
              t('manageReports.columns.item'),
              t('manageReports.columns.quantity'),
              t('manageReports.columns.net'),
            ]}
            rows={d.bottomItems.map((x) => [x.name[language], n(x.quantity), sar(x.netHalalas)])}
          />
        </Section>
        <Section table="cancellations" query={query}>
          <SimpleTable
            headers={[t('manageReports.columns.reason'), t('manageReports.columns.orders')]}
            rows={d.cancellations.map((x) => [t(`manageReports.reasons.${x.reason}`), n(x.orders)])}
          />
        </Section>
        <Section table="levels" query={query}>
          <SimpleTable
            headers={[t('manageReports.columns.level'), t('manageReports.columns.members')]}
            rows={d.loyalty.levels.map((x) => [x.name?.[language] ?? t('manageReports.noLevel'), n(x.members)])}
          />
        </Section>
      </div>
      <EngagementSections e={d.engagement} query={query} />
    </>
  );
}
