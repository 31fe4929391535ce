import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label';

const agents = {
  pixel:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  oldAndroid:
    'Mozilla/5.0 (Linux; Android 9; SM-G960F Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/9.2 Chrome/67.0.3396.87 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  linuxHeadless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('device labels', () => {
  it('names a Pixel by the model the browser gives, not the "K" of its user agent string', () => {
    expect(
      deviceLabel({
        userAgent: agents.pixel,
        brands: ['Not A(Brand', 'Chromium', 'Google Chrome'],
        platform: 'Android',
        model: 'Pixel 8',
      }),
    ).toBe('Pixel 8 · Chrome');
    expect(deviceLabel({ userAgent: agents.pixel, platform: 'Android', model: '' })).toBe('Android · Chrome');
  });

  it('reads the model from an older Android user agent string', () => {
    expect(deviceLabel({ userAgent: agents.oldAndroid })).toBe('SM-G960F · Samsung Internet');
  });

  it('names iPhones and Macs by their user agent string', () => {
    expect(deviceLabel({ userAgent: agents.iphone })).toBe('iPhone · Safari');
    expect(deviceLabel({ userAgent: agents.iphoneChrome })).toBe('iPhone · Chrome');
    expect(deviceLabel({ userAgent: agents.mac })).toBe('Mac · Safari');
  });

  it('prefers the brand a Chromium browser gives (Edge says Chrome too)', () => {
    expect(
      deviceLabel({
        userAgent: agents.windowsEdge,
        brands: ['Microsoft Edge', 'Not?A_Brand', 'Chromium'],
        platform: 'Windows',
      }),
    ).toBe('Windows · Edge');
    expect(deviceLabel({ userAgent: agents.windowsEdge })).toBe('Windows · Edge');
    expect(
      deviceLabel({
        userAgent: agents.linuxHeadless,
        brands: ['Not:A-Brand', 'Chromium'],
        platform: 'Linux',
      }),
    ).toBe('Linux · Chrome');
  });

  it('falls back to the platform and a plain name, within the 100 characters the server stores', () => {
    expect(deviceLabel({ userAgent: agents.firefoxLinux })).toBe('Linux · Firefox');
    expect(deviceLabel({ userAgent: 'curl/8.0' })).toBe('Device · Browser');
    expect(deviceLabel({ userAgent: '', model: 'x'.repeat(200) }).length).toBe(100);
  });
});
