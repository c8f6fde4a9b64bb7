/**
 * The two checks of the design-system sweep on what a page shows now: no horizontal scroll
 * (`document.documentElement.scrollWidth > innerWidth`) and no serious or critical axe violation.
 * Each finding is one readable line naming the element (CSS path) or the axe rule and its targets,
 * so a failure says what to fix without opening the trace.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

export interface Offender {
  selector: string;
  right: number;
  width: number;
  text: string;
}

export interface OverflowFinding {
  innerWidth: number;
  scrollWidth: number;
  /** Outermost elements that stick out while their parent does not: where the overflow starts. */
  starts: Offender[];
  /** Innermost elements that stick out (no child of theirs does), widest first: usually the cause. */
  leaves: Offender[];
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

export interface DesignFindings {
  overflow: OverflowFinding | null;
  axe: AxeFinding[];
}

/**
 * Switches the system theme the page sees and waits until its colours have settled: a theme
 * change starts the colour transitions of whatever has one (buttons, inputs), and axe measuring
 * halfway through one reported a contrast of 1.27 between two colours no theme has. Only the
 * transitions of what is rendered count: one inside a closed <details> (the buttons of the form's
 * 'Opciones avanzadas') is never ticked by Chromium, so its `finished` never settles.
 */
export async function useColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  // `getAnimations` flushes the style change first, so the transitions it returns are the new ones.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Measures the page; `null` when it does not scroll sideways. Runs in the browser. */
export async function measureOverflow(page: Page): Promise<OverflowFinding | null> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= innerWidth) return null;

    const selectorOf = (element: Element): string => {
      const parts: string[] = [];
      for (
        let node: Element | null = element;
        node && node !== document.documentElement && parts.length < 5;
        node = node.parentElement
      ) {
        if (node.id) {
          parts.unshift(`${node.localName}#${CSS.escape(node.id)}`);
          break;
        }
        let part = node.localName;
        const testId = node.getAttribute('data-testid');
        if (testId) part += `[data-testid="${testId}"]`;
        else if (node.classList.length)
          part += [...node.classList]
            .slice(0, 2)
            .map((c) => `.${CSS.escape(c)}`)
            .join('');
        const parent = node.parentElement;
        if (parent && !testId) {
          const same = [...parent.children].filter((child) => child.localName === node!.localName);
          if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
        }
        parts.unshift(part);
      }
      return parts.join(' > ');
    };
    const clipsX = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const sticksOut = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.right > innerWidth + 0.5;
    };
    // A clipping or scrolling ancestor that fits the viewport keeps its content from making the page scroll.
    const contained = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (clipsX(node) && !sticksOut(node)) return true;
      }
      return false;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter(
      (element) => getComputedStyle(element).position !== 'fixed' && sticksOut(element) && !contained(element),
    );
    const set = new Set(offenders);
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return {
        selector: selectorOf(element),
        right: Math.round(rect.right),
        width: Math.round(rect.width),
        text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
      };
    };
    const byRight = (a: { right: number }, b: { right: number }) => b.right - a.right;
    const starts = offenders
      .filter((element) => !element.parentElement || !set.has(element.parentElement))
      .map(describe)
      .sort(byRight);
    const leaves = offenders
      .filter((element) => ![...element.children].some((child) => set.has(child)))
      .map(describe)
      .sort(byRight);
    return { innerWidth, scrollWidth, starts: starts.slice(0, 3), leaves: leaves.slice(0, 5) };
  });
}

/** Serious and critical axe violations on the page as it is now (both themes run the same rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      // The first node's summary says what is wrong (e.g. the contrast ratio and the two colours).
      summary: (violation.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim(),
    }));
}

/** One line per finding. */
export function describeFindings({ overflow, axe }: DesignFindings): string[] {
  const lines: string[] = [];
  if (overflow) {
    const offender = (o: Offender) =>
      `${o.selector} (right ${o.right}px, width ${o.width}px${o.text ? `, "${o.text}"` : ''})`;
    lines.push(`horizontal scroll: scrollWidth ${overflow.scrollWidth} > innerWidth ${overflow.innerWidth}`);
    for (const o of overflow.leaves) lines.push(`  widest element: ${offender(o)}`);
    for (const o of overflow.starts) lines.push(`  overflow starts at: ${offender(o)}`);
  }
  for (const v of axe) {
    const targets =
      v.targets.slice(0, 4).join(' | ') + (v.targets.length > 4 ? ` | … ${v.targets.length - 4} more` : '');
    lines.push(
      `axe ${v.id} (${v.impact}, ${v.targets.length} node${v.targets.length === 1 ? '' : 's'}): ${v.help} — ${targets}${v.summary ? ` — ${v.summary}` : ''}`,
    );
  }
  return lines;
}

/**
 * Runs both checks, attaches the findings as JSON (the sweep report reads them) and returns one
 * line per finding: the caller expects the list to be empty.
 */
export async function designFindings(page: Page, testInfo: TestInfo): Promise<string[]> {
  // Web fonts change text widths: measure with the real typeface.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const findings: DesignFindings = { overflow: await measureOverflow(page), axe: await seriousAxeViolations(page) };
  await testInfo.attach('design-findings', { body: JSON.stringify(findings), contentType: 'application/json' });
  return describeFindings(findings);
}
