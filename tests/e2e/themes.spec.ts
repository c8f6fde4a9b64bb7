// An analysis's AI themes ('Temas', issue 47, ADR 0021) against the real worker, D1, R2, the
// participation objects and Chromium, with the test server's providers pointed at the Workers AI
// stand-in (LUPA_STT_URL). Three participants record the 18 s demo with its microphone track; each
// is transcribed and summarised on its own, and the themes are made ~1.5 s after the last summary
// (THEMES_DEBOUNCE_MS): one per task quoted by two participants or more. Checked as the researcher
// sees them on the results tab: two themes, each '3 de 3 participantes', quotes from different
// participants; 'Crear clip' stores the quote ±2 s, 'Crear reel' makes the theme's reel and links
// to it, a quote opens the player at its moment; nothing scrolls sideways at 390 px, and axe finds
// nothing serious in either colour theme. Whatever mode another spec left the stand-in in ('mixed'
// adds themes the server drops), the real themes are the same, so the dropped count and the number
// of quotes are not asserted.
import { expect, test } from './support/accounts';
import { measureOverflow, seriousAxeViolations, useColorScheme } from './support/design-checks';
import { researcherWithAnalysis } from './support/participation';
import { transcribedRecording } from './support/summaries';
import type { AnalysisThemesResponse } from '../../web/src/lib/api-types/AnalysisThemesResponse';
import type { NotesResponse } from '../../web/src/lib/api-types/NotesResponse';

const TITLES = ['Comentarios en la tarea 1', 'Comentarios en la tarea 2'];

/**
 * Task 1 from 0.2 s and task 2 from 9 s: the recording's first line (0.65 s) is task 1's, its
 * second (12.45 s) task 2's, so each task has a theme (the default STEPS put the first line before
 * task 1).
 */
const STEPS = [
  { index: 0, atMs: 0 },
  { index: 1, atMs: 100 },
  { index: 2, atMs: 200 },
  { index: 3, atMs: 9_000 },
];

test("'Temas' lists the analysis's themes with quotes that open the player, and makes a clip and a reel of them", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not set');
  const analysisId = await researcherWithAnalysis(page.request, 3, undefined, { transcribe: true });
  const entries: string[] = [];
  for (let i = 0; i < 3; i++) entries.push(await transcribedRecording(baseURL, analysisId, STEPS));

  // Made on the participations' alarms without asking: wait until they come from all three.
  let themes: AnalysisThemesResponse | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/analysis/${analysisId}/themes`);
        themes = (await response.json()) as AnalysisThemesResponse;
        return `${themes.status} ${themes.summarised} ${themes.themes.map((t) => t.participations).join(',')}`;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe('complete 3 3,3');

  await page.goto(`/analysis/${analysisId}?tab=results`);
  const section = page.getByTestId('themes-section');
  await expect(section.getByRole('heading', { level: 2, name: 'Temas' })).toBeVisible();
  await expect(section.getByText('Generado por IA · revisa las citas')).toBeVisible();
  const cards = section.getByTestId('theme');
  await expect(cards).toHaveCount(2);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(TITLES);
  await expect(section.getByTestId('theme-count')).toHaveText(['3 de 3 participantes', '3 de 3 participantes']);
  for (const card of await cards.all()) {
    const who = await card.locator('.themes__quote-who').allTextContents();
    const participants = new Set(who.map((line) => line.split(' · ')[0]));
    expect(participants.size, who.join(' | ')).toBeGreaterThanOrEqual(2);
    for (const name of participants) expect(name).toMatch(/^Participante \d+$/);
  }

  // 'Descargar en Markdown': the themes with their counts, each quote a link to its moment.
  const download = await section.getByTestId('themes-markdown').getAttribute('href');
  const markdown = decodeURIComponent((download ?? '').replace('data:text/markdown;charset=utf-8,', ''));
  expect(markdown).toContain(`## ${TITLES[0]}\n\n3 de 3 participantes`);
  expect(markdown).toMatch(/\[Participante \d+ · Tarea 1 · 00:00\]\(http:\/\/[^)]+\/entry\/[^)?]+\?t=0\) «/);

  // Nothing scrolls sideways on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  expect(await measureOverflow(page)).toBeNull();
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Crear clip' on the second theme's first quote: the quote ±2 s, within the 18 s recording.
  const quote = themes!.themes[1]!.quotes[0]!;
  const quoteItem = cards.nth(1).getByTestId('theme-quote').first();
  await quoteItem.getByRole('button', { name: /^Crear clip/ }).click();
  await expect(quoteItem.getByRole('status')).toHaveText('Clip creado');
  await expect(quoteItem.getByRole('button', { name: /^Crear clip/ })).toBeDisabled();
  const range = [Math.max(0, quote.startMs - 2_000), Math.min(quote.endMs + 2_000, 18_000)];
  const notes = (await (await page.request.get(`/api/v1/entry/${quote.entryId}/notes`)).json()) as NotesResponse;
  expect(notes.notes.map((note) => [note.atMs, note.endMs, note.title, note.text])).toContainEqual([
    ...range,
    TITLES[1],
    quote.text,
  ]);

  // 'Crear reel' on the first theme: 'Reel creado', and its link opens it under 'Notas y clips'.
  const first = cards.first();
  await first.getByRole('button', { name: /^Crear reel/ }).click();
  const made = first.getByTestId('theme-reel-status');
  await expect(made).toContainText('Reel creado');
  // No serious accessibility problem in either theme, with a clip and a reel just made.
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    expect(await seriousAxeViolations(page), scheme).toEqual([]);
  }
  await made.getByRole('link', { name: 'Ver el reel' }).click();
  await expect(page).toHaveURL(/[?&]tab=notes/);
  await expect(page.getByTestId('open-reel').getByRole('heading', { name: TITLES[0] })).toBeVisible();

  // A quote opens its participation's player at its moment.
  await page.goBack();
  const link = cards.first().getByTestId('theme-quote-link').first();
  const href = (await link.getAttribute('href')) ?? '';
  const opened = themes!.themes[0]!.quotes[0]!;
  expect(href).toBe(`/entry/${opened.entryId}?t=${Math.floor(opened.startMs / 1000)}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/entry/${opened.entryId}\\?t=\\d+$`));
  expect(entries).toContain(opened.entryId);
  await expect(page.getByTestId('player-time')).toBeVisible();
});
