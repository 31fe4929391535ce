// What a device with notifications on is called in Account → 'Notifications': 'Pixel 8 · Chrome',
// 'Linux · Chrome', 'iPhone · Safari'. The browser's own words (User-Agent Client Hints where it has
// them, else the user agent string), read by a few rules of our own: the label only tells a person
// their devices apart, so a rare browser named 'Chrome' or a device named 'Android' is fine.

export type DeviceHints = {
  /** navigator.userAgent */
  userAgent: string;
  /** navigator.userAgentData.brands' names (Chromium browsers) */
  brands?: string[];
  /** navigator.userAgentData.platform: 'Android', 'Windows', 'macOS', 'Linux', 'Chrome OS' */
  platform?: string;
  /** the high-entropy 'model' hint: 'Pixel 8' (Android only; empty elsewhere) */
  model?: string;
};

/** Brands by what people call them; the first one the browser names wins. */
const brandNames: [brand: string, name: string][] = [
  ['Microsoft Edge', 'Edge'],
  ['Opera', 'Opera'],
  ['Samsung Internet', 'Samsung Internet'],
  ['Brave', 'Brave'],
  ['Vivaldi', 'Vivaldi'],
  ['Google Chrome', 'Chrome'],
  ['HeadlessChrome', 'Chrome'],
  ['Chromium', 'Chrome'],
];

/** Tokens of the user agent string, most specific first (Edge and Opera also say 'Chrome'). */
const agentNames: [pattern: RegExp, name: string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

function browserName({ userAgent, brands = [] }: DeviceHints): string {
  for (const [brand, name] of brandNames) if (brands.includes(brand)) return name;
  for (const [pattern, name] of agentNames) if (pattern.test(userAgent)) return name;
  return 'Browser';
}

const platformNames: Record<string, string> = {
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  'Chromium OS': 'ChromeOS',
  iOS: 'iPhone',
  Linux: 'Linux',
  macOS: 'Mac',
  Windows: 'Windows',
};

function deviceName({ userAgent, platform, model }: DeviceHints): string {
  // a model the browser gives away ('Pixel 8'); Chrome on Android now says 'K' in the string
  const cleanModel = model?.trim();
  if (cleanModel && cleanModel !== 'K') return cleanModel;
  if (/\biPhone\b/.test(userAgent)) return 'iPhone';
  if (/\biPad\b/.test(userAgent)) return 'iPad';
  if (/\bAndroid\b/.test(userAgent)) {
    const named = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(userAgent)?.[1]?.trim();
    return named && named !== 'K' ? named : 'Android';
  }
  if (platform && platformNames[platform]) return platformNames[platform];
  if (/\bCrOS\b/.test(userAgent)) return 'ChromeOS';
  if (/\bWindows\b/.test(userAgent)) return 'Windows';
  if (/\bMacintosh\b/.test(userAgent)) return 'Mac';
  if (/\bLinux\b/.test(userAgent)) return 'Linux';
  return 'Device';
}

/** 'Pixel 8 · Chrome': the device, then the browser (at most 100 characters, the server's limit). */
export const deviceLabel = (hints: DeviceHints): string =>
  `${deviceName(hints)} · ${browserName(hints)}`.slice(0, 100);

type UserAgentData = {
  brands?: { brand: string }[];
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ model?: string }>;
};

/** This browser's label, asking for the model where the browser offers it (Chromium on Android). */
export async function thisDeviceLabel(): Promise<string> {
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const model = await data
    ?.getHighEntropyValues?.(['model'])
    .then((values) => values.model)
    .catch(() => undefined);
  return deviceLabel({
    userAgent: navigator.userAgent,
    brands: data?.brands?.map((item) => item.brand),
    platform: data?.platform,
    model,
  });
}
