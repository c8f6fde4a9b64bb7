/**
 * A participation's AI summary as Markdown (ADR 0021), for a report: each task's findings with
 * their quotes, each quote linking to the player at its moment (`/entry/{id}?t=<seconds>`, which
 * the entry page opens at), and the note that it was made by AI and how many findings were dropped.
 */
import { paths } from '@/config/paths';
import { formatClock } from '@/lib/time';
import type { EntrySummaryResponse } from '@/lib/api-types/EntrySummaryResponse';

export interface MarkdownTexts {
  title: string;
  generatedByAi: string;
  /** 'N hallazgos descartados: sin cita verificable', or null when none were. */
  dropped: string | null;
  task: (number: number) => string;
}

/** Characters that would start Markdown syntax inside a line of text. */
const escape = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s+/g, ' ');

export function summaryMarkdown(
  summary: EntrySummaryResponse,
  tasks: readonly string[],
  entryId: string,
  origin: string,
  texts: MarkdownTexts,
): string {
  const out = [`# ${escape(texts.title)}`, '', `_${escape(texts.generatedByAi)}_`, ''];
  if (texts.dropped) out.push(`> ${escape(texts.dropped)}`, '');
  for (const task of summary.tasks) {
    const content = tasks[task.taskNumber - 1];
    out.push(`## ${escape(texts.task(task.taskNumber))}${content ? `: ${escape(content)}` : ''}`, '');
    for (const finding of task.findings) {
      out.push(`- ${escape(finding.text)}`);
      for (const quote of finding.quotes) {
        const seconds = Math.floor(quote.startMs / 1000);
        const link = `${origin}${paths.entry(entryId)}?t=${seconds}`;
        out.push(`  - [${formatClock(quote.startMs)}](${link}) «${escape(quote.text)}»`);
      }
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
