// What a run of bench:store measures and how long, from the environment where it may be changed.
import { positiveSetting } from '../measure.ts';

/** length of every timed figure (compared figures run in interleaved slices that add up to it) */
export const SECONDS = positiveSetting('BENCH_SECONDS', 5);
/** untimed run before the timed ones: connections, JIT, caches */
export const WARMUP_SECONDS = Math.min(1, SECONDS / 5);
/** form-patched events written for the projector phases */
export const FORM_EVENTS = Math.round(positiveSetting('BENCH_FORM_EVENTS', 50_000));
export const FORMS = Math.round(positiveSetting('BENCH_FORMS', 1000));
/** the gym history rebuilt in phase 6: about 26,500 events per user */
export const GYM_USERS = Math.round(positiveSetting('BENCH_GYM_USERS', 20));
export const GYM_WEEKS = 260;
export const HTTP_CLIENTS = 16;
export const HTTP_FORMS = 50;
/** the forms service allows 600 saves per address per 10 minutes */
export const HTTP_PER_ADDRESS = 500;
/** events per benchmark stream in the append phases: the first append 'no_stream', then exact revisions */
export const STREAM_LENGTH = 10;
/** slices each compared figure is taken in, interleaved with the figures it is compared to */
export const ROUNDS = 5;

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
