/** The signed recording URL becomes a same-origin path; other URLs stay; expiry and file name. */
import { describe, expect, it } from 'vitest';
import { downloadName, playbackUrl, urlExpiresAt } from '@/lib/player/playback-url';

describe('playbackUrl', () => {
  it('keeps our signed recording path and query, whatever origin the API configured', () => {
    expect(playbackUrl('http://127.0.0.1:8787/api/v1/recordings/e1?expires=1&sig=abc', 'http://127.0.0.1:4000')).toBe(
      '/api/v1/recordings/e1?expires=1&sig=abc',
    );
    expect(playbackUrl('/api/v1/recordings/e1?expires=1&sig=abc', 'https://lupa.example')).toBe(
      '/api/v1/recordings/e1?expires=1&sig=abc',
    );
  });

  it('leaves other hosts’ URLs alone', () => {
    expect(playbackUrl('https://r2.example/rec.mp4?x=1', 'https://lupa.example')).toBe(
      'https://r2.example/rec.mp4?x=1',
    );
  });
});

describe('urlExpiresAt', () => {
  it('reads the expiry in ms, or null', () => {
    expect(urlExpiresAt('/api/v1/recordings/e1?expires=1700000000000&sig=a')).toBe(1_700_000_000_000);
    expect(urlExpiresAt('/api/v1/recordings/e1')).toBeNull();
    expect(urlExpiresAt('/api/v1/recordings/e1?expires=soon')).toBeNull();
  });
});

describe('downloadName', () => {
  it('uses the recording type for the extension', () => {
    expect(downloadName('e1', 'video/webm;codecs=vp9')).toBe('lupa-e1.webm');
    expect(downloadName('e1', 'video/mp4')).toBe('lupa-e1.mp4');
    expect(downloadName('e1', null)).toBe('lupa-e1.mp4');
  });
});
