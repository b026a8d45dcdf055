/**
 * What pwa_analytics keeps of the user agent (decision 031): the browser family with its major version and the
 * operating system ("Chrome 131 on Android"), enough to tell which browsers install the app or open it standalone.
 * Never the full string: its build numbers, device model and extensions identify a visitor more than it helps.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

export function reduceUserAgent(ua: string | undefined): string | null {
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua));
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'other';
  const name = browser ? `${browser[1]} ${browser[0].exec(ua)![1]}` : 'Other browser';
  return `${name} on ${system}`;
}
