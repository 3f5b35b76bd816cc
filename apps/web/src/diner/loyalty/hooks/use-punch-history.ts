import type { Language } from '@sufra/shared/language';
import type { PunchHistoryResponse } from '@sufra/shared/schemas/punch-cards';
import { useState } from 'react';
import { getPunchHistory } from '../api/get-punch-cards';

/** A punch card's Punches History, asked for the first time it is opened (and again on retry). */
export function usePunchHistory(uuid: string, cardId: number | null, language: Language) {
  const [history, setHistory] = useState<PunchHistoryResponse | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const load = () => {
    if (cardId === null) return;
    setError(null);
    getPunchHistory(uuid, cardId, language).then(setHistory, setError);
  };
  const toggle = () => {
    if (!open && !history) load();
    setOpen(!open);
  };
  return { history, open, error, load, toggle };
}

export type PunchHistoryState = ReturnType<typeof usePunchHistory>;
