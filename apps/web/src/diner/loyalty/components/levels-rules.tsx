import { formatSar } from '@sufra/shared/money';
import type { LoyaltyProgramme } from '@sufra/shared/schemas/loyalty';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatLoyaltyDate } from '../loyalty-format';
import { HowToEarn } from './how-to-earn';

type Level = LoyaltyProgramme['levels'][number];

/**
 * The spec's "Levels" and "loyalty rules" pages in one view: how points are earned, the limits with their values, how
 * long points last, and each level's threshold, earning rate and perks (the diner's own level marked).
 */
export function LevelsAndRules({ programme, levelId }: { programme: LoyaltyProgramme; levelId: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <RulesSection rules={programme.rules} />
      <section aria-labelledby="levels-title" className="loyalty-section" data-testid="loyalty-levels">
        <h2 id="levels-title" className="loyalty-section-title">
          {t('loyalty.levelsTitle')}
        </h2>
        <ol className="level-list">
          {programme.levels.map((level) => (
            <LevelCard key={level.id} level={level} mine={level.id === levelId} />
          ))}
        </ol>
      </section>
    </>
  );
}

/** How points are earned, then each limit with its value and how long points last. */
function RulesSection({ rules }: { rules: LoyaltyProgramme['rules'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <section aria-labelledby="rules-title" className="loyalty-section" data-testid="loyalty-rules">
      <h2 id="rules-title" className="loyalty-section-title">
        {t('loyalty.rulesTitle')}
      </h2>
      <HowToEarn rules={rules} />
      <dl className="rules-list">
        <div>
          <dt>{t('loyalty.rules.earn')}</dt>
          <dd>{n(rules.earnPointsPerSar)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.value')}</dt>
          <dd>{formatSar(rules.pointValueHalalas, language)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.minRedemption')}</dt>
          <dd>{n(rules.minPointsPerRedemption)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.maxTransaction')}</dt>
          <dd>{n(rules.maxPointsPerTransaction)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.maxDay')}</dt>
          <dd>{n(rules.maxPointsPerDay)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.maxRedemptionsDay')}</dt>
          <dd>{n(rules.maxRedemptionsPerDay)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.rules.expiry')}</dt>
          <dd>
            {rules.expiresOn !== null
              ? t('loyalty.rules.expiresOn', {
                  date: formatLoyaltyDate(`${rules.expiresOn}T00:00:00Z`, language, 'UTC'),
                })
              : rules.expiryDays === null
                ? t('loyalty.rules.noExpiry')
                : t('loyalty.rules.expiryDays', { count: rules.expiryDays, days: n(rules.expiryDays) })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** One level: its name (marked when it is the diner's), from how many lifetime points, its earning rate, its perks. */
function LevelCard({ level, mine }: { level: Level; mine: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={`card level-card${mine ? ' level-card--mine' : ''}`} data-testid="level">
      <div className="reward-card__head">
        <h3 className="reward-card__name">{level.name[language]}</h3>
        {mine && <span className="status-pill status-pill--available">{t('loyalty.yourLevel')}</span>}
      </div>
      <p className="reward-card__kind">
        {t('loyalty.levelFrom', { points: formatNumber(level.minLifetimePoints, language) })}
        {' · '}
        {t('loyalty.multiplier', {
          multiplier: new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
            maximumFractionDigits: 2,
          }).format(level.multiplierBasisPoints / 10_000),
        })}
      </p>
      {level.perks[language].length > 0 && (
        <ul className="level-card__perks">
          {level.perks[language].map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
