import { SEGMENT_PRIZES, type SegmentPrize } from '@sufra/shared/engagement/wheel';
import type { ManageGamesResponse } from '@sufra/shared/schemas/manage-games';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { canRemove, countOf, type DraftSegment } from '../game-draft';

interface Props {
  index: number;
  segment: DraftSegment;
  /** Segments on the wheel (a wheel keeps at least two). */
  count: number;
  rewards: ManageGamesResponse['rewards'];
  /** Expected prizes of this segment per 1,000 spins (the simulation). */
  expected: number;
  readOnly: boolean;
  onChange: (patch: Partial<DraftSegment>) => void;
  onPrize: (prize: SegmentPrize) => void;
  onRemove: () => void;
}

const FIELD = { minHeight: 44 } as const;

/**
 * One segment of a game as a table row: its labels in both languages and colour, its prize (a reward of the brand,
 * points, or "try again"), weight, stock, daily budget and SMS, the prizes won, the simulation's figure, and removal
 * (not of a segment whose prize was already drawn, nor below two segments).
 */
export function SegmentRow({
  index,
  segment: s,
  count,
  rewards,
  expected,
  readOnly,
  onChange,
  onPrize,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (v: number) => formatNumber(Math.round(v), language);
  const label = (field: string) => `${t(`manageGames.${field}`)} ${n(index + 1)}`;
  const gives = s.prize !== 'none';
  const countInput = (field: 'weight' | 'stock' | 'dailyBudget', value: number | null) => (
    <input
      className="input console-input--short"
      inputMode="numeric"
      aria-label={label(field)}
      disabled={readOnly}
      placeholder={field === 'weight' ? '' : t('manageGames.noLimit')}
      value={value === null ? '' : String(value)}
      style={{ ...FIELD, width: '5.5rem' }}
      onChange={(e) => {
        const v = countOf(e.target.value);
        if (field === 'weight') onChange({ weight: Math.min(1_000_000, Math.max(1, v ?? 1)) });
        else if (field === 'dailyBudget') onChange({ dailyBudget: v === null ? null : Math.max(1, v) });
        else onChange({ stock: v });
      }}
      data-testid={`segment-${index}-${field}`}
    />
  );
  return (
    <tr data-testid={`segment-${index}`}>
      <td>
        <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <input
            type="color"
            aria-label={label('color')}
            disabled={readOnly}
            value={s.color}
            style={{ ...FIELD, width: 44, padding: 2 }}
            onChange={(e) => onChange({ color: e.target.value })}
            data-testid={`segment-${index}-color`}
          />
          <div style={{ display: 'grid', gap: 4 }}>
            <input
              className="input"
              lang="ar"
              dir="rtl"
              aria-label={label('labelAr')}
              disabled={readOnly}
              value={s.labelAr}
              maxLength={80}
              style={{ ...FIELD, width: '9rem' }}
              onChange={(e) => onChange({ labelAr: e.target.value })}
              data-testid={`segment-${index}-labelAr`}
            />
            <input
              className="input"
              lang="en"
              dir="ltr"
              aria-label={label('labelEn')}
              disabled={readOnly}
              value={s.labelEn}
              maxLength={80}
              style={{ ...FIELD, width: '9rem' }}
              onChange={(e) => onChange({ labelEn: e.target.value })}
              data-testid={`segment-${index}-labelEn`}
            />
          </div>
        </div>
      </td>
      <td>
        <div style={{ display: 'grid', gap: 4 }}>
          <select
            className="input"
            aria-label={label('prizeKind')}
            disabled={readOnly}
            value={s.prize}
            style={{ ...FIELD, width: '11rem' }}
            onChange={(e) => onPrize(e.target.value as SegmentPrize)}
            data-testid={`segment-${index}-prize`}
          >
            {SEGMENT_PRIZES.map((p) => (
              <option key={p} value={p} disabled={p === 'reward' && rewards.length === 0}>
                {t(`manageGames.prizeKind_${p}`)}
              </option>
            ))}
          </select>
          {s.prize === 'reward' && (
            <select
              className="input"
              aria-label={label('reward')}
              disabled={readOnly}
              value={s.rewardId === null ? '' : String(s.rewardId)}
              style={{ ...FIELD, width: '11rem' }}
              onChange={(e) => onChange({ rewardId: e.target.value === '' ? null : Number(e.target.value) })}
              data-testid={`segment-${index}-reward`}
            >
              {s.rewardId === null && <option value="">{t('manageGames.chooseReward')}</option>}
              {rewards.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.name[language]}
                </option>
              ))}
            </select>
          )}
          {s.prize === 'points' && (
            <input
              className="input console-input--short"
              inputMode="numeric"
              aria-label={label('pointsCount')}
              disabled={readOnly}
              value={s.points === null ? '' : String(s.points)}
              style={{ ...FIELD, width: '7rem' }}
              onChange={(e) => {
                const v = countOf(e.target.value);
                onChange({ points: v === null ? null : Math.min(1_000_000, Math.max(1, v)) });
              }}
              data-testid={`segment-${index}-points`}
            />
          )}
          {gives && (
            <label style={{ ...FIELD, display: 'flex', gap: 8, alignItems: 'center', whiteSpace: 'nowrap' }}>
              <input
                type="checkbox"
                disabled={readOnly}
                checked={s.sendBySms}
                onChange={(e) => onChange({ sendBySms: e.target.checked })}
                data-testid={`segment-${index}-sms`}
              />
              <span>{t('manageGames.sendBySms')}</span>
            </label>
          )}
        </div>
      </td>
      <td>{countInput('weight', s.weight)}</td>
      <td>{gives ? countInput('stock', s.stock) : '—'}</td>
      <td>{n(s.won)}</td>
      <td>{gives ? countInput('dailyBudget', s.dailyBudget) : '—'}</td>
      <td data-testid={`segment-${index}-expected`}>{n(expected)}</td>
      <td>
        {!readOnly && (
          <button
            type="button"
            className="btn btn-secondary"
            style={FIELD}
            disabled={!canRemove(s, count)}
            title={s.won > 0 ? t('manageGames.removeHasDraws') : undefined}
            aria-label={label('remove')}
            onClick={onRemove}
            data-testid={`segment-${index}-remove`}
          >
            {t('manageGames.remove')}
          </button>
        )}
      </td>
    </tr>
  );
}
