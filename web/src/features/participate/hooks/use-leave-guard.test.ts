/** Which clicks leave the participation page: plain clicks on links to another page of this site. */
import { afterEach, describe, expect, it } from 'vitest';
import { leavingTo } from '@/features/participate/hooks/use-leave-guard';

/** Clicks a link with `href` (and `attrs`) and returns where leavingTo says it goes. */
function click(href: string, init: MouseEventInit = {}, attrs: Record<string, string> = {}): string | null {
  const link = document.createElement('a');
  link.href = href;
  for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, value);
  const icon = link.appendChild(document.createElement('span'));
  document.body.append(link);
  let result: URL | null = null;
  link.addEventListener('click', (event) => {
    result = leavingTo(event, window.location);
    // jsdom cannot navigate; the test only asks where the click would go.
    event.preventDefault();
  });
  icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return (result as URL | null)?.pathname ?? null;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('leavingTo', () => {
  it('is the page a plain click on a link to another path of this site opens', () => {
    window.history.replaceState(null, '', '/participate/an-1');
    expect(click('/')).toBe('/');
    expect(click(`${window.location.origin}/auth/login`)).toBe('/auth/login');
  });

  it('is null for the same page, other sites, new tabs, downloads and modified or other-button clicks', () => {
    window.history.replaceState(null, '', '/participate/an-1');
    expect(click('#main')).toBeNull();
    expect(click('/participate/an-1?x=1')).toBeNull();
    expect(click('https://example.com/')).toBeNull();
    expect(click('/', {}, { target: '_blank' })).toBeNull();
    expect(click('/', {}, { download: '' })).toBeNull();
    expect(click('/', { ctrlKey: true })).toBeNull();
    expect(click('/', { metaKey: true })).toBeNull();
    expect(click('/', { shiftKey: true })).toBeNull();
    expect(click('/', { button: 1 })).toBeNull();
  });
});
