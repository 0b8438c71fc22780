// Headless Chromium: the binary shipped in @sparticuz/chromium, driven by playwright-core. Used by
// the browser tests and by `npm run screenshots`.
import sparticuz from '@sparticuz/chromium';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';

/**
 * Of the package's flags, those a test browser needs; the rest (web security off, one process)
 * are for its serverless use and would hide the very checks the tests make. No GPU: Skia draws in
 * software, where SwiftShader's emulated GL took about a third more CPU for the same pages (no app
 * uses WebGL; their charts are a 2D canvas).
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--no-zygote', '--disable-dev-shm-usage', '--disable-gpu', '--font-render-hinting=none'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await sparticuz.executablePath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * A phone: 390 × 844, touch, in US English. A language is always set: this machine's C locale would
 * give Chromium "en-US@posix", a tag no phone has and some libraries (uPlot) refuse.
 */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
