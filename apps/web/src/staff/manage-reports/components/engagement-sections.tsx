import { formatSar } from '@sufra/shared/money';
import type { ReportEngagement, ReportQuery } from '@sufra/shared/schemas/reports';
import { useMemo } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { BarChart } from './bar-chart';
import { engagementTables, starsText } from './engagement-tables';
import { Figure, Section, SimpleTable } from './report-parts';

/**
 * The dashboard's loyalty and engagement part (issue 27 item 9, docs/adr/0630): its figures beside the previous
 * period, then a section per table, each with its CSV; charts (pictures) sit beside tables with the same figures.
 */
export function EngagementSections({ e, query }: { e: ReportEngagement; query: ReportQuery }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  const minutes = (value: number) => t('manageReports.minutes', { value: n(value) });
  const sar = (value: number) => formatSar(value, language);
  const tables = useMemo(() => engagementTables(e, language, t), [e, language, t]);
  const countAxis = useMemo(() => (v: number) => (Number.isInteger(v) ? formatNumber(v, language) : ''), [language]);
  const funnelLabels = useMemo(() => e.referral.stages.map((s) => t(`manageReports.stages.${s.stage}`)), [e, t]);
  const funnelValues = useMemo(() => e.referral.stages.map((s) => s.count), [e]);
  const ev = e.evaluations;
  // [key of manageReports.figures, this period, the previous one, how to write it, whether a fall is good]
  const figures: [string, number | null, number | null, (v: number) => string, boolean][] = [
    ['prepMedian', e.times.prep.current.medianMinutes, e.times.prep.before.medianMinutes, minutes, true],
    ['deliveryMedian', e.times.delivery.current.medianMinutes, e.times.delivery.before.medianMinutes, minutes, true],
    ['redemptions', e.redemptions.total.current, e.redemptions.total.before, n, false],
    ['couponUses', e.coupons.uses.current, e.coupons.uses.before, n, false],
    ['couponCost', e.coupons.cost.currentHalalas, e.coupons.cost.beforeHalalas, sar, true],
    ['punchCards', e.punchCards.completed.current, e.punchCards.completed.before, n, false],
    ['wheel', e.wheel.given.current, e.wheel.given.before, n, false],
    ['rating', ev.average.current, ev.average.before, (v) => starsText(v, language), false],
    ['low', ev.low.received.current, ev.low.received.before, n, true],
    ['answered', ev.low.answered.current, ev.low.answered.before, n, false],
  ];

  return (
    <>
      <h2 className="manage-reports__part">{t('manageReports.engagementTitle')}</h2>
      <dl className="manage-reports__figures">
        {figures.map(([id, now, before, text, lowerIsBetter]) => (
          <Figure
            key={id}
            id={id}
            label={t(`manageReports.figures.${id}`)}
            now={now}
            before={before}
            text={text}
            lowerIsBetter={lowerIsBetter}
          />
        ))}
      </dl>
      <Section table="times" query={query}>
        <SimpleTable {...tables.times} />
      </Section>
      <Section table="redemptions" query={query}>
        <SimpleTable {...tables.redemptions} />
      </Section>
      <Section table="referral" query={query}>
        {e.referral.counted ? (
          <>
            <BarChart
              labels={funnelLabels}
              values={funnelValues}
              valueText={countAxis}
              height={160}
              testId="reports-chart-referral"
            />
            <SimpleTable {...tables.referral} />
          </>
        ) : (
          <p className="console-empty manage-reports__none" data-testid="reports-referral-brand-only">
            {t('manageReports.referralBrandOnly')}
          </p>
        )}
      </Section>
      <div className="manage-reports__grid">
        <Section table="coupons" query={query}>
          <SimpleTable {...tables.coupons} />
        </Section>
        <Section table="punchCards" query={query}>
          <SimpleTable {...tables.punchCards} />
        </Section>
      </div>
      <Section table="wheel" query={query}>
        <SimpleTable {...tables.wheel} />
      </Section>
      <Section table="evaluations" query={query}>
        <SimpleTable {...tables.evaluations} />
      </Section>
      <Section table="lowRatings" query={query}>
        <div>
          {ev.low.averageAnswerMinutes !== null && (
            <p className="manage-reports__note">
              {t('manageReports.averageAnswer', { value: minutes(ev.low.averageAnswerMinutes) })}
            </p>
          )}
          <SimpleTable {...tables.lowRatings} />
        </div>
      </Section>
    </>
  );
}
