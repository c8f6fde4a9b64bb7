// Issue 45: one participation's time on each task reads the same in the player's 'Tareas' tab and
// in the analysis page's summary (both from the server's one rule, ADR 0012). The player used to
// count the questions after the last task, and the SUS, as time on that task.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { clientHeaders, expect, test } from './support/accounts';
import { askQuestions } from './support/insights';
import { researcherWithAnalysis, TASKS } from './support/participation';
import { asParticipant, finishRecording, uploadSegment } from './support/recording';
import { must } from '../lib/test-app.mjs';

const DEMO_VIDEO = fileURLToPath(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));

test('the player and the summary give a participation the same time on each task', async ({
  request,
  browser,
  baseURL,
}) => {
  const analysisId = await researcherWithAnalysis(request);
  await askQuestions(request, analysisId);
  // Task 1 from 1 s, 'Siguiente' at 2 s; task 2 from 3 s, at 5 s; task 3 (the last) from 6 s,
  // 'Finish Analysis' at 7 s, then its questions and the SUS until the recording ends at 9 s.
  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 500 },
    { index: 2, atMs: 1_000 },
    { index: 3, atMs: 3_000 },
    { index: 4, atMs: 6_000 },
  ];
  const answeredAt = [2_000, 5_000, 7_000];
  const entryId = await asParticipant(baseURL!, analysisId, async (participant, id) => {
    await uploadSegment(participant, id, await readFile(DEMO_VIDEO), { durationMs: 9_000 });
    for (const [i, atMs] of answeredAt.entries()) {
      must(await participant.answerTask(i + 1, { seq: 5, success: 'yes', atMs }), `task ${i + 1}`);
    }
    must(await participant.answerSus({ answers: [4, 2, 4, 2, 4, 2, 4, 2, 4, 2], atMs: 8_500 }), 'sus');
    await finishRecording(participant, id, { durationMs: 9_000, steps });
  });
  const expected = ['00:01', '00:02', '00:01'];

  const researcher = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    extraHTTPHeaders: clientHeaders(),
    storageState: await request.storageState(),
  });
  try {
    const view = await researcher.newPage();
    await view.goto(`/entry/${entryId}`);
    await view.getByRole('tab', { name: 'Tareas' }).click({ timeout: 30_000 });
    const chapters = view.getByTestId('entry-chapters').locator('[data-kind="task"]');
    await expect(chapters).toHaveCount(3);
    for (const [i, time] of expected.entries()) {
      await expect(chapters.nth(i)).toContainText(`Task ${i + 1}`);
      await expect(chapters.nth(i)).toContainText(`Tiempo ${time}`);
    }

    await view.goto(`/analysis/${analysisId}?tab=results`);
    const rows = view.getByTestId('summary-tasks').getByRole('row');
    await expect(rows).toHaveCount(4, { timeout: 30_000 });
    for (const [i, time] of expected.entries()) {
      await expect(rows.nth(i + 1)).toContainText(`${i + 1}. ${TASKS[i]}`);
      // Median, then the range (min–max of the one participation) and n.
      await expect(
        rows
          .nth(i + 1)
          .getByRole('cell')
          .nth(1),
      ).toHaveText(time);
    }
  } finally {
    await researcher.close();
  }
});
