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
    <div className="console-page manage-games" data-testid="manage-games">
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

type Draft = Omit<GameBody, 'segments'> & { segments: (GameBody['segments'][number] & { won: number })[] };

const draftOf = (game: ManageGame): Draft => {
  const { id: _i, kind: _k, branchId: _b, canEdit: _c, segments, ...fields } = game;
  return { ...fields, segments: segments.map((s) => ({ ...s })) };
};

/** A whole number typed in a field, or null when empty (no limit). */
const countOf = (text: string): number | null => (text.trim() === '' ? null : Math.max(0, Math.floor(Number(text))));

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
  const rewardName = (rewardId: number | null) => {
    const r = list.rewards.find((x) => x.id === rewardId);
    return r ? r.name[language] : '';
  };
  const setSegment = (index: number, patch: Partial<Draft['segments'][number]>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, segments: d.segments.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  };
  const onSave = () => {
    const body: GameBody = { ...draft, segments: draft.segments.map(({ won: _w, ...s }) => s) };
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
  const numberInput = (index: number, field: 'weight' | 'stock' | 'dailyBudget', value: number | null) => (
    <input
      className="input console-input--short"
      inputMode="numeric"
      aria-label={`${t(`manageGames.${field}`)} ${index + 1}`}
      disabled={readOnly}
      placeholder={field === 'weight' ? '' : t('manageGames.noLimit')}
      value={value === null ? '' : String(value)}
      style={{ minHeight: 44, width: '7rem' }}
      onChange={(e) => {
        const v = countOf(e.target.value);
        setSegment(index, { [field]: field === 'weight' ? Math.max(1, v ?? 1) : v });
      }}
      data-testid={`segment-${index}-${field}`}
    />
  );
  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !readOnly) onSave();
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
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
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
            onChange={(e) => setDraft((d) => ({ ...d, eligibility: e.target.value as Draft['eligibility'] }))}
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
            onChange={(e) => setDraft((d) => ({ ...d, cooldownDaysAfterWin: countOf(e.target.value) ?? 0 }))}
          />
        </label>
        <label className="field" style={{ minHeight: 44, display: 'flex', gap: 8, alignItems: 'center' }}>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.isActive}
            onChange={(e) => setDraft((d) => ({ ...d, isActive: e.target.checked }))}
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
              </tr>
            </thead>
            <tbody>
              {draft.segments.map((s, i) => (
                <tr key={s.id ?? `new-${i}`}>
                  <td>
                    <span aria-hidden="true" style={{ color: s.color }}>
                      ●{' '}
                    </span>
                    {language === 'ar' ? s.labelAr : s.labelEn}
                  </td>
                  <td>
                    {s.prize === 'none'
                      ? t('manageGames.tryAgain')
                      : s.prize === 'points'
                        ? t('manageGames.points', { points: n(s.points ?? 0) })
                        : rewardName(s.rewardId)}
                  </td>
                  <td>{numberInput(i, 'weight', s.weight)}</td>
                  <td>{s.prize === 'none' ? '—' : numberInput(i, 'stock', s.stock)}</td>
                  <td>{n(s.won)}</td>
                  <td>{s.prize === 'none' ? '—' : numberInput(i, 'dailyBudget', s.dailyBudget)}</td>
                  <td data-testid={`segment-${i}-expected`}>{n(run.expected[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <p aria-live="polite" data-testid="game-simulation">
        {t('manageGames.simulation', { prizes: n(run.prizes) })}{' '}
        {run.spinsPlayed < 1_000 && t('manageGames.outOfGifts', { spins: n(run.spinsPlayed) })}
      </p>
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
          disabled={!dirty || save.busy}
          data-testid="game-save"
        >
          {saved && !dirty ? t('manageGames.saved') : t('manageGames.save')}
        </button>
      )}
    </form>
  );
}
