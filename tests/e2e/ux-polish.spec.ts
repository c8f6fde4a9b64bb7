// The UX polish round (ADR 0015), as a person sees it at 1440×900 and 390×844: the invite's welcome
// (the study's name, its length and what it needs), the player's side panel as tabs with the notes
// first and a note saved with N in view, chapter labels that never overlap, cinema mode within the
// window at 1440×900 and 1366×768, and full-width share pages (summary table, recording and clip;
// at 390 px the summary's '(n = …)' and '1–7' each on one line).
// At 390 px (issue 45) the player's controls take two rows, its chapter labels stay whole and the
// camera starts small in a corner, clear of 'Continúas donde lo dejaste'.
// The question screens as steps are checked in insights.spec.ts, where a participant answers them.
import type { Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import { createClip, expectOk, submitRecording } from './support/insights';
import { researcherWithAnalysis } from './support/participation';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** Whether `box` lies entirely inside the window. */
async function insideViewport(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const size = page.viewportSize();
  expect(box, testId).not.toBeNull();
  expect(size).not.toBeNull();
  expect(box!.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${testId} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${testId} bottom`).toBeLessThanOrEqual(size!.height);
  expect(box!.x + box!.width, `${testId} right`).toBeLessThanOrEqual(size!.width);
}

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The timeline's chapter labels: their boxes, how much of each label's text is cut off, and whether
 * it is shown (a band too narrow for its name shows none, its text transparent).
 */
const chapterMarks = (page: Page) =>
  page.getByTestId('timeline-chapter').evaluateAll((elements) =>
    elements.map((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return {
        name: element.textContent ?? '',
        left,
        right,
        top,
        bottom,
        cut: element.scrollWidth - element.clientWidth,
        shown: getComputedStyle(element).color !== 'rgba(0, 0, 0, 0)',
      };
    }),
  );

/** Pairs of boxes that cover one another (touching edges aside). */
function overlapping(boxes: readonly Box[]): string[] {
  const pairs: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        pairs.push(`${a.name} / ${b.name}`);
  return pairs;
}

/** How many rows boxes take: a box starting below the current row's bottom opens another. */
function rowsOf(boxes: readonly Box[]): number {
  let rows = 0;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const box of [...boxes].sort((a, b) => a.top - b.top)) {
    if (box.top >= bottom - 0.5) rows += 1;
    bottom = Math.max(bottom, box.bottom);
  }
  return rows;
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the invite link welcomes with the study's name, its length and what it needs @ ${viewport.width}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const analysisId = await researcherWithAnalysis(request, 3, 'required');
    const name = (
      (await (await request.get(`/api/v1/analysis/${analysisId}`)).json()) as { analysisData: { name: string } }
    ).analysisData.name;
    await page.goto(`/participate/${analysisId}`);
    const welcome = page.getByTestId('participate-welcome');
    await expect(welcome).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('welcome-name')).toHaveText(name);
    // Three tasks, no questions: about 15 minutes.
    await expect(page.getByTestId('welcome-duration')).toHaveText('Duración estimada: unos 15 minutos');
    await expect(page.getByTestId('welcome-needs').getByRole('listitem')).toHaveText([
      /ordenador/,
      /Chrome, Edge o Firefox/,
      /micrófono/,
      /cámara/,
    ]);
    // Product §2.1's heading and field stay; nothing is focused on arrival (no ring on the heading).
    await expect(page.getByRole('heading', { level: 1, name: 'Participar en un análisis' })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(page.getByLabel('ID de Análisis')).toHaveValue(analysisId);
    // 'Participar' without scrolling (issue 45), on a laptop and on a phone.
    await expect(page.getByRole('button', { name: 'Participar' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
  });
}

test('an invite without camera asks for none, and /participate without an id shows no welcome', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const analysisId = await researcherWithAnalysis(request, 3);
  await page.goto(`/participate/${analysisId}`);
  await expect(page.getByTestId('welcome-needs').getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByTestId('welcome-needs')).not.toContainText('cámara');
  await page.goto('/participate');
  await expect(page.getByLabel('ID de Análisis')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('participate-welcome')).toHaveCount(0);
});

test.describe('the player', () => {
  test.use({ viewport: DESKTOP });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`side panel tabs with the notes first; a note saved with N is in view; chapter labels do not overlap @ ${viewport.width}`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      // Signed in on the page's own request context, so the page shares the session.
      const request = page.request;
      test.setTimeout(120_000);
      const analysisId = await researcherWithAnalysis(request, 5);
      const entryId = await submitRecording(baseURL!, analysisId);
      // Enough notes that the list is longer than the panel.
      for (let i = 0; i < 12; i++) {
        await expectOk(
          await request.post(`/api/v1/entry/${entryId}/notes`, {
            data: { atMs: 500 + i * 100, text: `Nota previa ${i + 1} con algo de texto para ocupar sitio en la lista` },
          }),
        );
      }
      await page.goto(`/entry/${entryId}`);
      const tabs = page.getByRole('tablist', { name: 'Tareas y notas de la grabación' }).getByRole('tab');
      await expect(tabs).toHaveText(['Notas', 'Transcripción', 'Resumen', 'Tareas'], { timeout: 30_000 });
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Notas' })).toBeVisible();

      // Keyboard: the selected tab is the one in the Tab order; arrows move and select.
      await tabs.first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused();
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(2)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(3)).toBeFocused();
      await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
      await expect(page.getByRole('tabpanel', { name: 'Notas' })).toBeHidden();

      // N from the 'Tareas' tab: the editor opens in the notes tab; the saved note is in view.
      const video = page.getByTestId('entry-video');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      await page.getByRole('slider', { name: 'Posición de la reproducción' }).fill('16');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('n');
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      const editor = page.getByLabel('Nota', { exact: true });
      await expect(editor).toBeFocused();
      await editor.fill('La nota recién guardada');
      await page.keyboard.press('Enter');
      const saved = page.getByTestId('entry-note').filter({ hasText: 'La nota recién guardada' });
      await expect(saved).toBeVisible();
      await expect(saved).toBeInViewport();

      // The chapter marks on the timeline never overlap (on a phone they take two lanes).
      expect(overlapping(await chapterMarks(page))).toEqual([]);
      await expectNoSidewaysScroll(page);
    });
  }

  test('at 390 px the controls take two rows, the chapter labels are whole, and the camera starts small in a corner clear of the resume message', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const analysisId = await researcherWithAnalysis(page.request, 5, 'optional');
    const entryId = await submitRecording(baseURL!, analysisId, { camera: true });
    // Left off at 0:08 on an earlier visit: the player resumes there and says so.
    await page.addInitScript((id) => {
      localStorage.setItem('lupa.player.positions', JSON.stringify({ [id]: { ms: 8_000, at: Date.now() } }));
    }, entryId);
    await page.goto(`/entry/${entryId}`);
    const resumed = page.getByText(/^Continúas donde lo dejaste \(00:08\)\./);
    await expect(resumed).toBeVisible({ timeout: 30_000 });
    const overlay = page.getByTestId('camera-overlay');
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('timeline-chapter').first()).toBeVisible();

    // Every control (buttons, the speed, the time) in at most two rows, none outside the player.
    const controls = page.getByTestId('player').locator('.player__controls');
    const boxes = await controls.evaluate((element) =>
      [...element.querySelectorAll('button, select, .player__time')]
        .filter((control) => (control as HTMLElement).offsetParent !== null)
        .map((control) => {
          const { left, right, top, bottom } = control.getBoundingClientRect();
          return { name: control.getAttribute('aria-label') ?? control.textContent ?? '', left, right, top, bottom };
        }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(9);
    expect(rowsOf(boxes), JSON.stringify(boxes)).toBeLessThanOrEqual(2);
    const bar = await page.getByTestId('player').boundingBox();
    for (const box of boxes) expect(box.right, `${box.name} sticks out`).toBeLessThanOrEqual(bar!.x + bar!.width);
    // Still named for a screen reader and the keyboard.
    await expect(page.getByRole('button', { name: 'Añadir nota' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Velocidad' })).toBeVisible();

    // The chapter labels take two lanes and are whole or not shown ('Escenario', read in a second,
    // is a band too narrow for its name, not 'Es…'), and never cover one another.
    const marks = await chapterMarks(page);
    expect(marks.filter((mark) => mark.shown).map((mark) => mark.name)).toEqual(['URL', 'Task 1', 'Task 2']);
    for (const mark of marks.filter((m) => m.shown)) expect(mark.cut, `'${mark.name}' is cut`).toBeLessThanOrEqual(0);
    expect(overlapping(marks)).toEqual([]);

    // The camera: small, in the top right corner, clear of 'Continúas donde lo dejaste'.
    await expect(overlay).toHaveAttribute('data-corner', 'top-right');
    const frame = await page.getByTestId('player').locator('.player__frame').boundingBox();
    const camera = await overlay.boundingBox();
    expect(camera!.width).toBeLessThanOrEqual(frame!.width / 3);
    expect(camera!.x + camera!.width).toBeGreaterThan(frame!.x + frame!.width * 0.75);
    expect(camera!.y).toBeLessThan(frame!.y + frame!.height / 4);
    const notice = await page.locator('.player__resumed').evaluate((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { name: 'resumed', left, right, top, bottom };
    });
    const cameraBox = {
      name: 'camera',
      left: camera!.x,
      right: camera!.x + camera!.width,
      top: camera!.y,
      bottom: camera!.y + camera!.height,
    };
    expect(overlapping([notice, cameraBox])).toEqual([]);
    await expectNoSidewaysScroll(page);
  });

  for (const size of [DESKTOP, { width: 1366, height: 768 }]) {
    test(`cinema mode fits the window @ ${size.width}×${size.height}`, async ({ page, baseURL }) => {
      const request = page.request;
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const analysisId = await researcherWithAnalysis(request, 5, 'optional');
      const entryId = await submitRecording(baseURL!, analysisId);
      await page.goto(`/entry/${entryId}`);
      const video = page.getByTestId('entry-video');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      const cinema = page.getByRole('button', { name: 'Modo cine' });
      if ((await cinema.getAttribute('aria-pressed')) !== 'true') await cinema.click();
      await expect(cinema).toHaveAttribute('aria-pressed', 'true');
      // The picture, the timeline and every control are within the window.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      const controls = page.getByTestId('player').locator('.player__bar');
      const box = await controls.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
      await insideViewport(page, 'entry-timeline');
      const frame = await page.getByTestId('player').locator('.player__frame').boundingBox();
      expect(frame!.y).toBeGreaterThanOrEqual(0);
      expect(frame!.height).toBeGreaterThan(300);
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe('share pages', () => {
  test.use({ viewport: DESKTOP });

  test('the shared summary is full width with whole words; a shared recording and clip play at least 960 px wide', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const analysisId = await researcherWithAnalysis(request, 5);
    const entryId = await submitRecording(baseURL!, analysisId);
    const clipId = await createClip(request, entryId, { atMs: 2_000, endMs: 8_000, title: 'Duda en el carrito' });
    const share = async (data: Record<string, unknown>) => {
      const created = await request.post(`/api/v1/analysis/${analysisId}/shares`, {
        data: { expiresInDays: 7, ...data },
      });
      await expectOk(created);
      return ((await created.json()) as { token: string }).token;
    };

    await page.goto(`/s/${await share({ kind: 'summary' })}`);
    // The design system's Table puts the test id on the <table> itself.
    const table = page.getByTestId('shared-summary-table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    const tableBox = await table.boundingBox();
    expect(tableBox!.width).toBeGreaterThanOrEqual(900);
    // A task's name wraps only between words: each word stays on one line.
    const broken = await table.locator('tbody td:first-child').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const range = document.createRange();
        const text = cell.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words: string[] = [];
        const content = text.textContent ?? '';
        for (const match of content.matchAll(/\S+/g)) {
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) words.push(match[0]);
        }
        return words;
      }),
    );
    expect(broken, 'words broken across lines').toEqual([]);
    await expectNoSidewaysScroll(page);

    // At 390 px (issue 45) every '(n = …)' and every '1–7' sits on one line: one box each.
    await page.setViewportSize(PHONE);
    const counts = page.getByTestId('shared-summary-n');
    await expect(counts.first()).toBeVisible();
    expect(await counts.count()).toBeGreaterThan(0);
    expect(await counts.evaluateAll((spans) => spans.map((span) => span.getClientRects().length))).toEqual(
      Array.from({ length: await counts.count() }, () => 1),
    );
    const scales = await page.getByTestId('shared-view').evaluate((root) => {
      const lines: number[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').search(/1–\u2060?7/);
        if (at < 0 || !node.parentElement?.offsetParent) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, (node.textContent ?? '').indexOf('7', at) + 1);
        lines.push(range.getClientRects().length);
      }
      return lines;
    });
    expect(scales.length, "a '1–7' on the page").toBeGreaterThan(0);
    expect(
      scales.every((count) => count === 1),
      `'1–7' broken: ${scales.join(', ')}`,
    ).toBe(true);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(DESKTOP);

    for (const token of [
      await share({ kind: 'recording', targetId: entryId }),
      await share({ kind: 'clip', targetId: clipId }),
    ]) {
      await page.goto(`/s/${token}`);
      const player = page.getByTestId('shared-player');
      await expect(player).toBeVisible({ timeout: 30_000 });
      const videoBox = await player.locator('video').first().boundingBox();
      expect(videoBox!.width).toBeGreaterThanOrEqual(960);
      await expectNoSidewaysScroll(page);
    }
  });
});
