import type { Language } from '@sufra/shared/language';
import { useState } from 'react';
import { usePunchHistoryQuery } from '../api/get-punch-cards';

/** A punch card's Punches History, asked for the first time it is opened (and again on retry). */
export function usePunchHistory(uuid: string, cardId: number | null, language: Language) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const query = usePunchHistoryQuery(uuid, cardId, language, asked);
  const load = () => {
    if (cardId === null) return;
    if (asked) query.refetch();
    else setAsked(true);
  };
  const toggle = () => {
    if (!open && !query.data) load();
    setOpen(!open);
  };
  return { history: query.data ?? null, open, error: query.error ?? null, load, toggle };
}

export type PunchHistoryState = ReturnType<typeof usePunchHistory>;
