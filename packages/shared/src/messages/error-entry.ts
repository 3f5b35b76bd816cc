/** One error of the catalogue: its HTTP status and its message in both languages. */
export interface ErrorEntry {
  status: number;
  en: string;
  ar: string;
}
