// Transcripts in the researcher's pages (ADR 0018) against the real worker, D1, R2, the
// participation's object and Chromium, with the test server's provider pointed at the Whisper
// stand-in (LUPA_STT_URL). A participant's recording (the 18 s demo video) comes with a real
// microphone track (Chromium's fake microphone, edge-worker/core/fixtures), sent as the tab sends
// it; the stand-in answers four lines said at known moments. Checked as the researcher sees it:
// the 'Transcripción' tab marks the line being said as the video plays, a line's time seeks,
// selected words become a clip that plays only that range, captions show on the video, the
// analysis-wide search opens the player at the right moment; a recording and a clip shared with
// 'Mostrar subtítulos' show them to a stranger, each cue at its moment; with transcription off the
// tab says so. And from a real recording in Chromium: the recorder's microphone track is what the
// stand-in receives (Opus that decodes), and the transcript is there after Finish. One file, run
// in order: the stand-in's answer and its request log are shared by whatever runs at once.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { measureOverflow } from './support/design-checks';
import { createClip, expectOk, submitRecording } from './support/insights';
import {
  entryOf,
  recordingStatus,
  researcherWithAnalysis,
  SCENARIO,
  startAnalysis,
  TASKS,
} from './support/participation';
import { transcribedRecording } from './support/summaries';

const STT = process.env.LUPA_STT_URL;

const word = (text: string, start: number, end: number) => ({ word: ` ${text}`, start, end });
const segment = (start: number, end: number, words: ReturnType<typeof word>[]) => ({
  start,
  end,
  text: words.map((w) => w.word).join(''),
  words,
});

/** Whisper's documented output, in seconds from the window's start (the audio starts with the screen here). */
const ANSWER = {
  transcription_info: { language: 'es', language_probability: 0.98, duration: 18, duration_after_vad: 16 },
  text: 'Hola, empiezo la prueba. Busco el carrito de la compra. No encuentro el botón de pagar. Ahora sí lo veo.',
  word_count: 18,
  segments: [
    segment(1.0, 3.0, [
      word('Hola,', 1.0, 1.4),
      word('empiezo', 1.5, 2.0),
      word('la', 2.1, 2.3),
      word('prueba.', 2.4, 3.0),
    ]),
    segment(4.0, 7.0, [
      word('Busco', 4.0, 4.5),
      word('el', 4.6, 4.8),
      word('carrito', 4.9, 5.6),
      word('de', 5.7, 5.9),
      word('la', 6.0, 6.2),
      word('compra.', 6.3, 7.0),
    ]),
    segment(8.0, 11.0, [
      word('No', 8.0, 8.3),
      word('encuentro', 8.4, 9.0),
      word('el', 9.1, 9.3),
      word('botón', 9.4, 10.0),
      word('de', 10.1, 10.3),
      word('pagar.', 10.4, 11.0),
    ]),
    segment(13.0, 16.0, [
      word('Ahora', 13.0, 13.5),
      word('sí', 13.6, 14.0),
      word('lo', 14.1, 14.4),
      word('veo.', 14.5, 16.0),
    ]),
  ],
  vtt: '',
};

const control = async (path: string, body: unknown) => {
  if (!STT) throw new Error('LUPA_STT_URL: the test server runs with the Whisper stand-in (scripts/run-tests.mjs)');
  const response = await fetch(STT + path, { method: 'POST', body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
};

const requestsSent = async () => ((await (await fetch(`${STT}/control/requests`)).json()) as unknown[]).length;

test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  if (STT) await control('/control/reset', {});
});

test('the transcript follows the video, seeks, makes a clip, shows captions, and the analysis search opens the moment', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not set');
  await control('/control', { answer: ANSWER, delayMs: 200, fail429: 0 });
  const analysisId = await researcherWithAnalysis(page.request, 3, undefined, { transcribe: true });
  const entryId = await transcribedRecording(baseURL, analysisId);

  await page.goto(`/entry/${entryId}`);
  const time = page.getByTestId('player-time');
  await expect(time).toContainText('00:18', { timeout: 30_000 });
  const video = page.getByTestId('entry-video');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  await page.getByRole('tab', { name: 'Transcripción' }).click();
  const panel = page.getByTestId('transcript-panel');
  // Transcribed on the participation's alarm after Finish; the tab asks again every 5 s meanwhile.
  await expect(panel.getByText('No encuentro el botón de pagar.')).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['Fuera de las tareas', 'Tarea 1', 'Tarea 2']);
  const current = panel.locator('[aria-current="true"]');

  // Playing from 3 s: the line said at 4 s becomes the current one, then the next at 8 s.
  await panel.getByRole('button', { name: 'Ir a 00:01' }).click();
  await expect(current).toContainText('Hola, empiezo la prueba.');
  await page.getByTestId('player-toggle').click();
  await expect(current).toContainText('Busco el carrito de la compra.', { timeout: 15_000 });
  await expect(current).toContainText('No encuentro el botón de pagar.', { timeout: 15_000 });
  await page.getByTestId('player-toggle').click();

  // A line's time seeks there.
  await panel.getByRole('button', { name: 'Ir a 00:13' }).click();
  await expect(time).toContainText('00:13 /');
  await expect(current).toContainText('Ahora sí lo veo.');

  // Selecting 'encuentro el botón' offers a clip from 8.4 s to 10 s, which opens the note editor.
  const lines = page.getByTestId('transcript-lines');
  const from = await lines.getByText('encuentro', { exact: true }).boundingBox();
  const to = await lines.getByText('botón', { exact: true }).boundingBox();
  if (!from || !to) throw new Error('words not laid out');
  await page.mouse.move(from.x + 1, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width - 1, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await panel.getByRole('button', { name: 'Crear clip (00:08–00:10)' }).click();
  await expect(page.getByLabel('Momento (mm:ss)')).toHaveValue('00:08');
  await expect(page.getByLabel('Final del clip (mm:ss)')).toHaveValue('00:10');
  const title = page.getByLabel('Título (opcional)');
  await title.fill('No encuentra el botón');
  await title.press('Enter');
  await expect(page.getByTestId('entry-notes')).toContainText('No encuentra el botón');
  const stored = (await (await page.request.get(`/api/v1/entry/${entryId}/notes`)).json()) as {
    notes: { atMs: number; endMs: number }[];
  };
  expect(stored.notes).toHaveLength(1);
  expect(stored.notes[0]?.atMs).toBeGreaterThanOrEqual(8_000);
  expect(stored.notes[0]?.atMs).toBeLessThanOrEqual(8_400);
  expect(stored.notes[0]?.endMs).toBe(10_000);

  // The clip plays only its range: it stops at 10 s.
  await page.getByRole('button', { name: /^Reproducir clip 00:08–00:10/ }).click();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reproducir', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(time).toContainText('00:10 /');
  const stopped = await video.evaluate((element: HTMLVideoElement) => ({
    t: element.currentTime,
    paused: element.paused,
  }));
  expect(stopped.paused).toBe(true);
  expect(stopped.t).toBeGreaterThan(9.8);
  expect(stopped.t).toBeLessThan(10.4);

  // Captions: a captions track on the video, showing the line said at 4 s.
  await page.getByRole('tab', { name: 'Transcripción' }).click();
  await panel.getByRole('button', { name: 'Subtítulos' }).click();
  await expect(panel.getByRole('button', { name: 'Subtítulos' })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Ir a 00:04' }).click();
  const captions = () =>
    video.evaluate((element: HTMLVideoElement) => {
      const track = [...element.textTracks].find((t) => t.kind === 'captions');
      return {
        mode: track?.mode,
        cues: track?.cues?.length ?? 0,
        active: [...(track?.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
      };
    });
  await expect
    .poll(captions, { timeout: 10_000 })
    .toEqual({ mode: 'showing', cues: 4, active: ['Busco el carrito de la compra.'] });
  // Downloads: WebVTT and text, as attachments.
  await panel.getByText('Descargar transcripción').click();
  await expect(panel.getByRole('link', { name: 'Subtítulos WebVTT (.vtt)' })).toHaveAttribute(
    'href',
    `/api/v1/entry/${entryId}/transcript.vtt`,
  );
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await measureOverflow(page)).toBeNull();
  await page.setViewportSize({ width: 1366, height: 768 });

  // The analysis-wide search finds the words and opens the player at that moment.
  await page.goto(`/analysis/${analysisId}?tab=participants`);
  await page.getByLabel('Palabras que se dijeron').fill('boton de');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByTestId('transcript-search-status')).toHaveText('1 resultado');
  const result = page.getByRole('link', {
    name: 'Abrir la grabación de Participante 1 en 00:08: No encuentro el botón de pagar.',
  });
  await expect(result).toContainText('Tarea 1');
  await expect(result.locator('mark')).toHaveText('botón de');
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/entry/${entryId}\\?t=8$`));
  await expect(page.getByTestId('player-time')).toContainText('00:08 /', { timeout: 30_000 });
});

/** In the open share dialog: 'Mostrar subtítulos' ticked, a link made and the dialog closed; returns the link. */
async function shareWithCaptions(page: Page): Promise<string> {
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByLabel('Mostrar subtítulos').check();
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const link = await dialog.getByLabel('Enlace', { exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  return link;
}

/** The video's captions track: its mode, its cues (s, on the file's clock), the cues being shown and the time. */
const captionsOf = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const track = [...element.textTracks].find((t) => t.kind === 'captions');
    return {
      mode: track?.mode,
      language: track?.language,
      cues: [...(track?.cues ?? [])].map((cue) => [cue.startTime, cue.endTime]),
      active: [...(track?.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
      at: element.currentTime,
    };
  });

test("a recording and a clip shared with captions show them on the stranger's video, each line as it is said", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not set');
  await control('/control', { answer: ANSWER, delayMs: 200, fail429: 0 });
  const analysisId = await researcherWithAnalysis(page.request, 3, undefined, { transcribe: true });
  const entryId = await transcribedRecording(baseURL, analysisId);
  await createClip(page.request, entryId, { atMs: 3_000, endMs: 9_000, title: 'Busca el carrito' });
  // Transcribed on the participation's alarm after Finish.
  const status = async () =>
    ((await (await page.request.get(`/api/v1/entry/${entryId}/transcript`)).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 90_000 }).toBe('complete');

  await page.goto(`/entry/${entryId}`);
  await page.getByRole('button', { name: 'Compartir grabación' }).click();
  const recordingLink = await shareWithCaptions(page);
  await page.goto(`/analysis/${analysisId}?tab=notes`);
  await page.getByTestId('analysis-notes').getByRole('button', { name: 'Compartir Busca el carrito' }).click();
  const clipLink = await shareWithCaptions(page);

  const stranger = await browser.newContext({ baseURL });
  try {
    const view = await stranger.newPage();
    // The recording: all four lines on the video; playing from the start, the first one shows at 1 s.
    await view.goto(recordingLink);
    const video = view.getByTestId('clip-video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await expect(view.getByRole('button', { name: 'Subtítulos' })).toHaveAttribute('aria-pressed', 'true');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await expect
      .poll(async () => (await captionsOf(video)).cues)
      .toEqual([
        [1, 3],
        [4, 7],
        [8, 11],
        [13, 16],
      ]);
    await view.getByTestId('clip-toggle').click();
    await expect
      .poll(async () => (await captionsOf(video)).active, { timeout: 15_000 })
      .toEqual(['Hola, empiezo la prueba.']);
    expect((await captionsOf(video)).mode).toBe('showing');

    // The clip (3 s to 9 s): the two lines said during it, at the moments they are said in the
    // recording, not shifted to the clip's start.
    await view.goto(clipLink);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await expect
      .poll(async () => (await captionsOf(video)).cues)
      .toEqual([
        [4, 7],
        [8, 11],
      ]);
    await view.getByTestId('clip-toggle').click();
    await expect
      .poll(async () => (await captionsOf(video)).active, { timeout: 15_000 })
      .toEqual(['Busco el carrito de la compra.']);
    await expect
      .poll(async () => (await captionsOf(video)).active, { timeout: 15_000 })
      .toEqual(['No encuentro el botón de pagar.']);
    const shown = await captionsOf(video);
    expect(shown.mode).toBe('showing');
    expect(shown.at).toBeGreaterThanOrEqual(8);
    expect(shown.language, "the track is in the analysis's transcription language").toBe('es');
    // The captions can be switched off on the page.
    await view.getByRole('button', { name: 'Subtítulos' }).click();
    await expect.poll(async () => (await captionsOf(video)).mode).toBe('disabled');

    // The analysis now transcribes in English: the same link's captions track says so.
    const edited = await page.request.patch(`/api/v1/analysis/${analysisId}`, {
      data: {
        name: 'Subtítulos en inglés',
        url: 'example.com',
        maxNumberOfParticipants: 3,
        scenario: SCENARIO,
        tasks: TASKS.map((taskContent) => ({ taskType: 'text', taskContent })),
        device: 'computer',
        transcription: { language: 'en' },
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await view.reload();
    await expect
      .poll(async () => (await captionsOf(video)).cues)
      .toEqual([
        [4, 7],
        [8, 11],
      ]);
    expect((await captionsOf(video)).language).toBe('en');
  } finally {
    await stranger.close();
  }
});

test('with transcription off the tab says so, and nothing is sent to be transcribed', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL is not set');
  await researcherWithAnalysis(page.request);
  const created = await page.request.post('/api/v1/analysis', {
    data: {
      name: 'Sin transcripción',
      url: 'example.com',
      maxNumberOfParticipants: 2,
      scenario: 'null',
      tasks: [{ taskType: 'text', taskContent: 'Mira' }],
      device: 'computer',
      transcription: { enabled: false, language: 'es' },
    },
  });
  await expectOk(created);
  const analysisId = ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
  const before = await requestsSent();
  const entryId = await submitRecording(baseURL, analysisId);
  await page.goto(`/entry/${entryId}`);
  await page.getByRole('tab', { name: 'Transcripción' }).click();
  await expect(page.getByTestId('transcript-state')).toHaveText(/La transcripción está desactivada en este análisis/);
  await expect(page.getByTestId('transcript-error')).toHaveCount(0);
  // Past the participation's alarm: still no request reached the provider.
  await page.waitForTimeout(3_000);
  expect(await requestsSent()).toBe(before);
});

interface StandInRequest {
  language: string;
  audio: string;
  at: number;
}

/** Opus packets ffprobe decodes from one window the stand-in received. */
async function packets(base64: string): Promise<{ codec: string; packets: number }> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { promisify } = await import('node:util');
  const dir = await mkdtemp(join(tmpdir(), 'lupa-stt-'));
  try {
    const path = join(dir, 'window.webm');
    await writeFile(path, Buffer.from(base64, 'base64'));
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-count_packets',
      '-show_entries',
      'stream=codec_name,nb_read_packets',
      '-of',
      'json',
      path,
    ]);
    const stream = (JSON.parse(stdout) as { streams: { codec_name: string; nb_read_packets: string }[] }).streams[0]!;
    return { codec: stream.codec_name, packets: Number(stream.nb_read_packets) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// From a real recording: the participant records in Chromium (fake microphone) with the recorder
// wasm, whose audio-only track goes to the worker; after Finish the participation's object sends
// its windows to the stand-in, which answers with its recorded fixture.
test('the recorder sends the microphone for transcription and the researcher gets the transcript after Finish', async ({
  page,
  request,
}) => {
  test.skip(!STT, 'needs the test server with the Whisper stand-in (scripts/run-tests.mjs)');
  await control('/control', { answer: null, fail429: 0 });
  const analysisId = await researcherWithAnalysis(request, 3, undefined, { transcribe: true });
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  for (let step = 0; step < 4; step++) {
    await page.waitForTimeout(1_000);
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  const entry = await entryOf(analysisId);
  // Only windows sent from now on are this one's.
  const since = Date.now();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });

  let transcript:
    { status: string; lines: { start_ms: number; text: string; task_number: number | null }[] } | undefined;
  await expect
    .poll(
      async () => {
        transcript = await (await request.get(`/api/v1/entry/${entry.id}/transcript`)).json();
        return transcript?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  expect(transcript!.lines.map((l) => l.text)).toEqual([
    'Vale, ahora busco el carrito.',
    'No encuentro el botón de pagar.',
  ]);
  // The first line starts 0.5 s into the audio, which starts a moment after the screen's file.
  expect(transcript!.lines[0]!.start_ms).toBeGreaterThanOrEqual(500);
  expect(transcript!.lines[0]!.start_ms).toBeLessThan(2_500);

  const requests = ((await (await fetch(`${STT}/control/requests`)).json()) as StandInRequest[]).filter(
    (r) => r.at >= since,
  );
  expect(requests.length).toBeGreaterThanOrEqual(1);
  // About 5 s of speech in 20–60 ms Opus packets: a window of this recording decodes whole.
  const decoded = await Promise.all(requests.map((r) => packets(r.audio)));
  expect(decoded.every((d) => d.codec === 'opus')).toBe(true);
  expect(Math.max(...decoded.map((d) => d.packets))).toBeGreaterThan(50);
  expect(requests.every((r) => r.language === 'es')).toBe(true);
});
