import type { SegmentPrize } from '@sufra/shared/engagement/wheel';
import { simulateWheel } from '@sufra/shared/engagement/wheel-simulation';
import type { GameBody, ManageGame, ManageGamesResponse } from '@sufra/shared/schemas/manage-games';
import { useState } from 'react';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { PageHeader } from '../../console/ui/page-header';
import { gameKey, getGame, getGames, saveGame } from '../api/games-admin';
import { SegmentRow } from '../components/segment-row';
import {
  bodyOf,
  countOf,
  type Draft,
  type DraftProblem,
  draftOf,
  draftProblems,
  fromLocalInput,
  MAX_SEGMENTS,
  newSegment,
  toLocalInput,
  withPrize,
} from '../game-draft';

export { ready } from '../games-strings';

/** `/staff/manage/games` (issue 27 item 4): the brand's games, one open for editing with its live simulation. */
export default function GamesPage(_: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useApiQuery(['staff', 'manage', 'games', language], () => getGames(language), { staleMs: 0 });
  const [openId, setOpenId] = useState<number | null>(null);
  const games = list.data?.games ?? [];
  const selected = openId ?? games[0]?.id ?? null;
  return (
    // The segments' table is wider than 1024 px: its own scroll box scrolls, not the console (the shell's main is a
    // flex item that would otherwise grow to the table's width).
    <div className="console-page manage-games" data-testid="manage-games" style={{ contain: 'inline-size' }}>
      <PageHeader title={t('manageGames.title')} lead={t('manageGames.lead')} />
      {list.error !== undefined && !list.data && <LoadError error={list.error} onRetry={list.refetch} />}
      {!list.data && list.error === undefined && <LoadingBlock />}
      {list.data && games.length === 0 && <p>{t('manageGames.empty')}</p>}
      {games.length > 0 && (
        <div className="console-tabs" role="tablist">
          {games.map((g) => (
            <button
              key={g.id}
              type="button"
              role="tab"
              aria-selected={g.id === selected}
              className={g.id === selected ? 'btn btn-primary' : 'btn btn-secondary'}
              style={{ minHeight: 44, marginInlineEnd: 8 }}
              onClick={() => setOpenId(g.id)}
              data-testid={`game-tab-${g.id}`}
            >
              {/* The kind only when the name does not already say it ("Register and win · Register and win"). */}
              {(() => {
                const name = language === 'ar' ? g.nameAr : g.nameEn;
                const kind = t(`manageGames.${g.kind}`);
                return name === kind ? name : `${name} · ${kind}`;
              })()}
            </button>
          ))}
        </div>
      )}
      {selected !== null && list.data && <GameEditor key={selected} id={selected} list={list.data} />}
    </div>
  );
}

function GameEditor({ id, list }: { id: number; list: ManageGamesResponse }) {
  const language = useLanguage();
  const query = useApiQuery(gameKey(id, language), () => getGame(id, language), { staleMs: 0 });
  if (query.error !== undefined && !query.data) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <LoadingBlock />;
  return <GameForm game={query.data} list={list} />;
}

function GameForm({ game: loaded, list }: { game: ManageGame; list: ManageGamesResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The version saved last (the query's copy is replaced too; this form stays mounted to say "Saved").
  const [game, setGame] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => draftOf(game));
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((body: GameBody) => saveGame(game.id, body, language));
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(game));
  useUnsavedChanges(dirty && game.canEdit);
  const readOnly = !game.canEdit;
  const n = (v: number) => formatNumber(Math.round(v), language);
  const run = simulateWheel(
    draft.segments.map((s) => ({
      weight: s.weight,
      prize: s.prize,
      stockLeft: s.stock === null ? null : Math.max(0, s.stock - s.won),
      dailyBudget: s.dailyBudget,
    })),
  );
  const problems = draftProblems(draft);
  const edit = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setSegment = (index: number, patch: Partial<Draft['segments'][number]>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, segments: d.segments.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  };
  const setPrize = (index: number, prize: SegmentPrize) => {
    setSaved(false);
    const first = list.rewards[0]?.id ?? null;
    setDraft((d) => ({ ...d, segments: d.segments.map((s, i) => (i === index ? withPrize(s, prize, first) : s)) }));
  };
  const addSegment = () => {
    setSaved(false);
    setDraft((d) => ({
      ...d,
      segments: [
        ...d.segments,
        newSegment(d.segments.length, { ar: t('manageGames.newSegmentAr'), en: t('manageGames.newSegmentEn') }),
      ],
    }));
  };
  const removeSegment = (index: number) => {
    setSaved(false);
    setDraft((d) => ({ ...d, segments: d.segments.filter((_, i) => i !== index) }));
  };
  const onSave = () => {
    const body: GameBody = bodyOf(draft);
    save.mutate(body).then(
      (next) => {
        setQueryData(gameKey(game.id, language), next);
        setGame(next);
        setDraft(draftOf(next));
        setSaved(true);
      },
      () => {},
    );
  };
  const error = save.error instanceof ApiError ? errorText(save.error, language) : null;
  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !readOnly && problems.length === 0) onSave();
      }}
    >
      {readOnly && <p role="note">{t('manageGames.readOnly')}</p>}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'end' }}>
        {(['nameAr', 'nameEn'] as const).map((field) => (
          <label key={field} className="field">
            <span>{t(`manageGames.${field}`)}</span>
            <input
              className="input"
              disabled={readOnly}
              value={draft[field]}
              style={{ minHeight: 44 }}
              onChange={(e) => edit({ [field]: e.target.value })}
            />
          </label>
        ))}
        <label className="field">
          <span>{t('manageGames.eligibility')}</span>
          <select
            className="input"
            disabled={readOnly}
            value={draft.eligibility}
            style={{ minHeight: 44 }}
            onChange={(e) => edit({ eligibility: e.target.value as Draft['eligibility'] })}
            data-testid="game-eligibility"
          >
            {(['everyone', 'new_to_brand', 'new_to_branch', 'new_to_game'] as const).map((v) => (
              <option key={v} value={v}>
                {t(`manageGames.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('manageGames.cooldown')}</span>
          <input
            className="input console-input--short"
            inputMode="numeric"
            disabled={readOnly}
            value={String(draft.cooldownDaysAfterWin)}
            style={{ minHeight: 44, width: '6rem' }}
            onChange={(e) => edit({ cooldownDaysAfterWin: Math.min(365, countOf(e.target.value) ?? 0) })}
            data-testid="game-cooldown"
          />
        </label>
        <label className="field">
          <span>{t('manageGames.retryMinutes')}</span>
          <input
            className="input console-input--short"
            inputMode="numeric"
            disabled={readOnly}
            value={String(draft.retryMinutesAfterLoss)}
            style={{ minHeight: 44, width: '6rem' }}
            onChange={(e) => edit({ retryMinutesAfterLoss: Math.min(43_200, countOf(e.target.value) ?? 0) })}
            data-testid="game-retry"
          />
        </label>
        {(['startsAt', 'endsAt'] as const).map((field) => (
          <label key={field} className="field">
            <span>{t(`manageGames.${field}`)}</span>
            <input
              type="datetime-local"
              className="input"
              disabled={readOnly}
              value={toLocalInput(draft[field])}
              style={{ minHeight: 44 }}
              onChange={(e) => edit({ [field]: fromLocalInput(e.target.value) })}
              data-testid={`game-${field}`}
            />
          </label>
        ))}
        <label className="field" style={{ minHeight: 44, display: 'flex', gap: 8, alignItems: 'center' }}>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.isActive}
            onChange={(e) => edit({ isActive: e.target.checked })}
          />
          <span>{t('manageGames.active')}</span>
        </label>
      </div>
      <h2>{t('manageGames.segments')}</h2>
      <div className="console-table">
        <div className="console-table__scroll">
          <table data-testid="game-segments">
            <thead>
              <tr>
                <th scope="col">{t('manageGames.label')}</th>
                <th scope="col">{t('manageGames.prize')}</th>
                <th scope="col">{t('manageGames.weight')}</th>
                <th scope="col">{t('manageGames.stock')}</th>
                <th scope="col">{t('manageGames.won')}</th>
                <th scope="col">{t('manageGames.dailyBudget')}</th>
                <th scope="col">{t('manageGames.expected')}</th>
                {/* Positioned, so the hidden heading stays inside the table's scroll box (in RTL it would widen the page). */}
                <th scope="col" style={{ position: 'relative' }}>
                  <span className="visually-hidden">{t('manageGames.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.segments.map((s, i) => (
                <SegmentRow
                  key={s.id ?? `new-${i}`}
                  index={i}
                  segment={s}
                  count={draft.segments.length}
                  rewards={list.rewards}
                  expected={run.expected[i] ?? 0}
                  readOnly={readOnly}
                  onChange={(patch) => setSegment(i, patch)}
                  onPrize={(prize) => setPrize(i, prize)}
                  onRemove={() => removeSegment(i)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {!readOnly && (
        <button
          type="button"
          className="btn btn-secondary"
          style={{ minHeight: 44 }}
          disabled={draft.segments.length >= MAX_SEGMENTS}
          onClick={addSegment}
          data-testid="segment-add"
        >
          {t('manageGames.addSegment')}
        </button>
      )}
      <p aria-live="polite" data-testid="game-simulation">
        {t('manageGames.simulation', { prizes: n(run.prizes) })}{' '}
        {run.spinsPlayed < 1_000 && t('manageGames.outOfGifts', { spins: n(run.spinsPlayed) })}
      </p>
      {dirty && problems.length > 0 && (
        <ul className="form-error" data-testid="game-problems">
          {problems.map((p) => (
            <li key={`${p.code}-${'index' in p ? p.index : ''}`}>{problemText(p, t, n)}</li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="form-error" data-testid="game-save-error">
          {error}
        </p>
      )}
      {!readOnly && (
        <button
          type="submit"
          className="btn btn-primary"
          style={{ minHeight: 44 }}
          disabled={!dirty || save.busy || problems.length > 0}
          data-testid="game-save"
        >
          {saved && !dirty ? t('manageGames.saved') : t('manageGames.save')}
        </button>
      )}
    </form>
  );
}

/** A problem of the draft in words, naming the segment by its number (as the table counts them). */
function problemText(
  p: DraftProblem,
  t: (key: string, options?: Record<string, unknown>) => string,
  n: (v: number) => string,
): string {
  if (p.code === 'windowInvalid' || p.code === 'needsPrize') return t(`manageGames.problem.${p.code}`);
  if (p.code === 'stockBelowWon')
    return t('manageGames.problem.stockBelowWon', { segment: n(p.index + 1), won: n(p.won) });
  return t(`manageGames.problem.${p.code}`, { segment: n(p.index + 1) });
}
