/**
 * An analysis's AI themes as Markdown (ADR 0021), for a report: each theme with how many
 * participants show it and its quotes, each quote naming who said it and linking to that
 * participation's player at its moment (`/entry/{id}?t=<seconds>`), and the note that it was
 * made by AI and how many themes were dropped. The same form as a summary's Markdown.
 */
import { paths } from '@/config/paths';
import { formatClock } from '@/lib/time';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';

export interface ThemesMarkdownTexts {
  title: string;
  generatedByAi: string;
  /** 'N temas descartados: sin citas de dos participantes', or null when none were. */
  dropped: string | null;
  /** '4 de 6 participantes'. */
  count: (participations: number, summarised: number) => string;
  task: (number: number) => string;
}

/** Characters that would start Markdown syntax inside a line of text. */
const escape = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s+/g, ' ');

export function themesMarkdown(themes: AnalysisThemesResponse, origin: string, texts: ThemesMarkdownTexts): string {
  const out = [`# ${escape(texts.title)}`, '', `_${escape(texts.generatedByAi)}_`, ''];
  if (texts.dropped) out.push(`> ${escape(texts.dropped)}`, '');
  for (const theme of themes.themes) {
    out.push(`## ${escape(theme.title)}`, '');
    out.push(`${escape(texts.count(theme.participations, themes.summarised))}`, '');
    if (theme.text.trim()) out.push(escape(theme.text), '');
    for (const quote of theme.quotes) {
      const seconds = Math.floor(quote.startMs / 1000);
      const link = `${origin}${paths.entry(quote.entryId)}?t=${seconds}`;
      const where = [quote.participant, quote.taskNumber ? texts.task(quote.taskNumber) : null]
        .filter((part) => part !== null)
        .join(' · ');
      out.push(`- [${escape(where)} · ${formatClock(quote.startMs)}](${link}) «${escape(quote.text)}»`);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
