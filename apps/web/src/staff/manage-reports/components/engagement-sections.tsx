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

  return (
    <>
      <h2 className="manage-reports__part">{t('manageReports.engagementTitle')}</h2>
      <dl className="manage-reports__figures">
        <Figure
          id="prep"
          label={t('manageReports.figures.prepMedian')}
          now={e.times.prep.current.medianMinutes}
          before={e.times.prep.before.medianMinutes}
          text={minutes}
          lowerIsBetter
        />
        <Figure
          id="delivery"
          label={t('manageReports.figures.deliveryMedian')}
          now={e.times.delivery.current.medianMinutes}
          before={e.times.delivery.before.medianMinutes}
          text={minutes}
          lowerIsBetter
        />
        <Figure
          id="redemptions"
          label={t('manageReports.figures.redemptions')}
          now={e.redemptions.total.current}
          before={e.redemptions.total.before}
          text={n}
        />
        <Figure
          id="couponUses"
          label={t('manageReports.figures.couponUses')}
          now={e.coupons.uses.current}
          before={e.coupons.uses.before}
          text={n}
        />
        <Figure
          id="couponCost"
          label={t('manageReports.figures.couponCost')}
          now={e.coupons.cost.currentHalalas}
          before={e.coupons.cost.beforeHalalas}
          text={sar}
          lowerIsBetter
        />
        <Figure
          id="punchCards"
          label={t('manageReports.figures.punchCards')}
          now={e.punchCards.completed.current}
          before={e.punchCards.completed.before}
          text={n}
        />
        <Figure
          id="wheel"
          label={t('manageReports.figures.wheel')}
          now={e.wheel.given.current}
          before={e.wheel.given.before}
          text={n}
        />
        <Figure
          id="rating"
          label={t('manageReports.figures.rating')}
          now={ev.average.current}
          before={ev.average.before}
          text={(v) => starsText(v, language)}
        />
        <Figure
          id="low"
          label={t('manageReports.figures.low')}
          now={ev.low.received.current}
          before={ev.low.received.before}
          text={n}
          lowerIsBetter
        />
        <Figure
          id="answered"
          label={t('manageReports.figures.answered')}
          now={ev.low.answered.current}
          before={ev.low.answered.before}
          text={n}
        />
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
