/**
 * The analysis page's tabs (issue 45) and how the address names them: `?tab=participants` and so
 * on, 'Resumen' without a parameter. The address is the one source of truth, so a link, a reload
 * and the browser's back and forward buttons all land on the same tab; a name we do not know (an
 * old link, a typo) falls back to 'Resumen' instead of an empty page.
 */
export const ANALYSIS_TABS = ['summary', 'participants', 'results', 'notes', 'share'] as const;

export type AnalysisTab = (typeof ANALYSIS_TABS)[number];

export const DEFAULT_TAB: AnalysisTab = 'summary';

/** The query parameter that names the tab. */
export const TAB_PARAM = 'tab';

const isTab = (value: string | null): value is AnalysisTab =>
  value !== null && (ANALYSIS_TABS as readonly string[]).includes(value);

/** The tab an address asks for; 'Resumen' when it names none or one we do not know. */
export const tabFromSearch = (search: URLSearchParams): AnalysisTab => {
  const value = search.get(TAB_PARAM);
  return isTab(value) ? value : DEFAULT_TAB;
};

/** The address' query for a tab, keeping its other parameters; 'Resumen' drops the parameter. */
export function searchForTab(search: URLSearchParams, tab: AnalysisTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  return next;
}
