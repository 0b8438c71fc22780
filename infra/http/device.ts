/**
 * A person reading their history asks "was that my phone or the gym's tablet?": a browser and a
 * system name answer it, and keep nothing that singles a device out (versions, build ids).
 */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

// order matters: each of these also names the ones after it in its user agent
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

// every command of a request asks, and a handful of user agents make nearly all requests
const described = new Map<string, string | null>();
const REMEMBERED = 500;

export function describeDevice(userAgent: string | undefined): string | null {
  if (userAgent === undefined) return null;
  const known = described.get(userAgent);
  if (known !== undefined) return known;
  const description = describe(userAgent);
  if (described.size >= REMEMBERED) described.clear();
  described.set(userAgent, description);
  return description;
}

function describe(userAgent: string): string | null {
  const agent = userAgent.trim();
  if (!agent) return null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // a script or another client: its own first product name, without a version
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(agent)?.[0];
  return product ?? null;
}
