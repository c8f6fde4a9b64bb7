/** The system settings path after a denial, by the operating system in the user agent (ADR 0010). */
import { describe, expect, it } from 'vitest';
import { operatingSystem, systemPaths } from '@/features/participate/lib/os-help';

const uas = {
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

describe('operatingSystem', () => {
  it('reads macOS, Windows and the rest from the user agent', () => {
    expect(operatingSystem(uas.macChrome)).toBe('mac');
    expect(operatingSystem(uas.macFirefox)).toBe('mac');
    expect(operatingSystem(uas.windowsEdge)).toBe('windows');
    expect(operatingSystem(uas.linux)).toBe('other');
    expect(operatingSystem(uas.iphone)).toBe('other');
    expect(operatingSystem('')).toBe('other');
  });
});

describe('systemPaths', () => {
  it('on macOS names the screen recording and microphone settings for what was refused', () => {
    expect(systemPaths('mac', { screen: true, microphone: false })).toEqual(['macScreen']);
    expect(systemPaths('mac', { screen: false, microphone: true })).toEqual(['macMicrophone']);
    expect(systemPaths('mac', { screen: true, microphone: true })).toEqual(['macScreen', 'macMicrophone']);
  });

  it('on Windows only the microphone has a system switch', () => {
    expect(systemPaths('windows', { screen: true, microphone: false })).toEqual([]);
    expect(systemPaths('windows', { screen: true, microphone: true })).toEqual(['windowsMicrophone']);
  });

  it('elsewhere, and with nothing refused, there is no system path', () => {
    expect(systemPaths('other', { screen: true, microphone: true })).toEqual([]);
    expect(systemPaths('mac', { screen: false, microphone: false })).toEqual([]);
  });
});
