import type { BranchManageBody } from '@sufra/shared/schemas/branch-manage';
import { useTranslation } from '../../../lib/use-translation';

type Span = BranchManageBody['openingHours'][number];
type Range = { opens: string; closes: string };
export type SpecialDay = BranchManageBody['specialDays'][number];

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** One day's (or special day's) ranges: each opens–closes, a closing time not after the opening passes midnight. */
function Ranges({
  idPrefix,
  ranges,
  onChange,
  disabled,
}: {
  idPrefix: string;
  ranges: readonly Range[];
  onChange: (ranges: Range[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<Range>) =>
    onChange(ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className="manage-branches__ranges">
      {ranges.length === 0 && <span className="manage-branches__closed">{t('manageBranches.hours.closed')}</span>}
      {ranges.map((range, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity beyond their place in the day
        <span className="manage-branches__range" key={index}>
          <input
            type="time"
            aria-label={t('manageBranches.hours.opens')}
            id={`${idPrefix}-${index}-opens`}
            value={range.opens}
            disabled={disabled}
            onChange={(e) => set(index, { opens: e.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            type="time"
            aria-label={t('manageBranches.hours.closes')}
            id={`${idPrefix}-${index}-closes`}
            value={range.closes === '24:00' ? '00:00' : range.closes}
            disabled={disabled}
            onChange={(e) => set(index, { closes: e.target.value })}
          />
          {range.closes <= range.opens && range.closes !== '24:00' && (
            <span className="manage-branches__overnight">{t('manageBranches.hours.nextDay')}</span>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={disabled}
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
            aria-label={t('manageBranches.hours.removeRange')}
          >
            ×
          </button>
        </span>
      ))}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={disabled || ranges.length >= 6}
        onClick={() => onChange([...ranges, { opens: '09:00', closes: '17:00' }])}
        data-testid={`${idPrefix}-add`}
      >
        {t('manageBranches.hours.addRange')}
      </button>
    </div>
  );
}

/** The week: a row per day with its ranges (several a day, past midnight allowed). */
export function WeekHoursEditor({
  hours,
  onChange,
  disabled,
}: {
  hours: readonly Span[];
  onChange: (hours: Span[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="console-table">
      <div className="console-table__scroll">
        <table className="manage-branches__week">
          <caption className="visually-hidden">{t('manageBranches.hours.title')}</caption>
          <tbody>
            {DAYS.map((day) => (
              <tr key={day} data-testid={`hours-day-${day}`}>
                <th scope="row">{t(`manageBranches.days.${day}`)}</th>
                <td>
                  <Ranges
                    idPrefix={`hours-${day}`}
                    disabled={disabled}
                    ranges={hours.filter((s) => s.day === day)}
                    onChange={(ranges) =>
                      onChange([...hours.filter((s) => s.day !== day), ...ranges.map((r) => ({ day, ...r }))])
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Holidays and special days: a date with its own ranges (none = closed all day). */
export function SpecialDaysEditor({
  days,
  onChange,
  disabled,
}: {
  days: readonly SpecialDay[];
  onChange: (days: SpecialDay[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<SpecialDay>) =>
    onChange(days.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <div className="manage-branches__special">
      {days.length === 0 && <p className="field__hint">{t('manageBranches.special.none')}</p>}
      {days.length > 0 && (
        <div className="console-table">
          <div className="console-table__scroll">
            <table>
              <caption className="visually-hidden">{t('manageBranches.special.title')}</caption>
              <tbody>
                {days.map((day, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a new row has no date yet
                  <tr key={index} data-testid={`special-day-${index}`}>
                    <th scope="row">
                      <input
                        type="date"
                        aria-label={t('manageBranches.special.date')}
                        value={day.date}
                        disabled={disabled}
                        onChange={(e) => set(index, { date: e.target.value })}
                      />
                    </th>
                    <td>
                      <Ranges
                        idPrefix={`special-${index}`}
                        disabled={disabled}
                        ranges={day.ranges}
                        onChange={(ranges) => set(index, { ranges })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={disabled}
                        onClick={() => onChange(days.filter((_, i) => i !== index))}
                      >
                        {t('manageBranches.special.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled || days.length >= 60}
        onClick={() => onChange([...days, { date: new Date().toISOString().slice(0, 10), ranges: [] }])}
        data-testid="special-day-add"
      >
        {t('manageBranches.special.add')}
      </button>
    </div>
  );
}
