/**
 * A short, recognisable summary of a `User-Agent` header ("Firefox 128 on Linux"), kept with a
 * database session so that a person can tell their sessions apart. Only the browser family, its
 * major version and the platform are kept: the rest of the header identifies the device more
 * than the person needs.
 */

const browsers: readonly [RegExp, string][] = [
  // Order matters: Edge and Opera also say "Chrome"; Chrome also says "Safari".
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[^ ]* .*Safari\//, "Safari"],
];

const platforms: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** At most this many characters are kept of an unrecognised header. */
const maxLength = 64;

/**
 * `"<browser> <major> on <platform>"` when recognised; otherwise the header's first 64 printable
 * characters; `null` without a header.
 */
export function summarizeUserAgent(header: string | null | undefined): string | null {
  if (!header) return null;
  const printable = header.replace(/[^\x20-\x7e]/g, "").trim();
  if (!printable) return null;
  const browser = browsers.map(([pattern, name]) => [pattern.exec(printable), name] as const).find(([match]) => match);
  const platform = platforms.find(([pattern]) => pattern.test(printable))?.[1];
  if (!browser) return printable.slice(0, maxLength);
  const [match, name] = browser;
  return `${name} ${match![1]}${platform ? ` on ${platform}` : ""}`;
}
