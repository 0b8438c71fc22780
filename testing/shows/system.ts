// How the shows service's tests start: the recorded TV data provider always, and where a test asks
// for them the mail (Postmark), web push and AI chat stand-ins, each wired into the config by the
// keys the service reads; then the system on the test's clock.
import type { Test } from 'tap';
import webpush from 'web-push';
import type { HttpApp } from '../../infra/http/app.ts';
import { tvmazeStandIn, type TvmazeStandIn } from '../../infra/tvmaze/recorded-server.ts';
import { startTestSystem, type TestSystem } from '../harness.ts';
import { type ChatStandIn, chatStandIn } from '../stand-ins/chat.ts';
import { postmarkStandIn, type PostmarkStandIn } from '../stand-ins/postmark.ts';
import { pushStandIn, type PushStandIn } from '../stand-ins/push.ts';

/** What the AI stand-ins answer: the primary provider, and a secondary one only when given. */
export type ChatAnswers = { readonly primary: string; readonly secondary?: string };

export type ShowsStandInOptions = {
  /** mail goes to the Postmark stand-in */
  readonly mail?: true;
  /** web push goes to the push stand-in, signed with a VAPID key pair made for the test */
  readonly push?: true;
  /** suggestions come from chat stand-ins (keys primary-key and secondary-key, models model-a and model-b) */
  readonly chat?: ChatAnswers;
  /** more of the config, over what the stand-ins set */
  readonly env?: Readonly<Record<string, string>>;
};

export type ShowsSystemOptions = ShowsStandInOptions & {
  /** the service's clock; the real one unless given */
  readonly now?: () => Date;
};

type ChatStandIns<C extends ChatAnswers> = { readonly primary: ChatStandIn; readonly secondary: C['secondary'] extends string ? ChatStandIn : undefined };

/** The stand-ins a test asked for, and the config that points the service at them. */
export type ShowsStandIns<O extends ShowsStandInOptions> = {
  readonly env: Readonly<Record<string, string>>;
  readonly tvmaze: TvmazeStandIn;
  readonly postmark: O['mail'] extends true ? PostmarkStandIn : undefined;
  readonly push: O['push'] extends true ? PushStandIn : undefined;
  readonly vapid: O['push'] extends true ? { readonly publicKey: string; readonly privateKey: string } : undefined;
  readonly chat: O['chat'] extends ChatAnswers ? ChatStandIns<O['chat']> : undefined;
};

/** The stand-ins of `options`, listening until the test ends. */
export async function showsStandIns<O extends ShowsStandInOptions>(t: Test, options: O): Promise<ShowsStandIns<O>> {
  const tvmaze = await tvmazeStandIn(t);
  let env: Record<string, string> = { TVMAZE_URL: tvmaze.url };
  const postmark = options.mail ? await postmarkStandIn(t) : undefined;
  if (postmark) env = { ...env, MAIL_API_KEY: 'postmark-test-token', MAIL_API_URL: postmark.url };
  const push = options.push ? await pushStandIn(t) : undefined;
  const vapid = push ? webpush.generateVAPIDKeys() : undefined;
  if (vapid) env = { ...env, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.org' };
  let chat: { primary: ChatStandIn; secondary: ChatStandIn | undefined } | undefined;
  if (options.chat) {
    const primary = await chatStandIn(t, options.chat.primary);
    env = { ...env, AI_PRIMARY_URL: primary.url, AI_PRIMARY_KEY: 'primary-key', AI_PRIMARY_MODEL: 'model-a' };
    const secondary = options.chat.secondary === undefined ? undefined : await chatStandIn(t, options.chat.secondary);
    if (secondary) env = { ...env, AI_SECONDARY_URL: secondary.url, AI_SECONDARY_KEY: 'secondary-key', AI_SECONDARY_MODEL: 'model-b' };
    chat = { primary, secondary };
  }
  // what was asked for is there: the conditional types say no more than that
  return { env: { ...env, ...options.env }, tvmaze, postmark, push, vapid, chat } as ShowsStandIns<O>;
}

export type ShowsSystem<O extends ShowsSystemOptions> = ShowsStandIns<O> & { readonly system: TestSystem; readonly app: HttpApp };

/** The system with the stand-ins of `options`, on its clock; `app` is the shows service, built, not listening. */
export async function startShowsSystem<O extends ShowsSystemOptions>(t: Test, options: O): Promise<ShowsSystem<O>> {
  const standIns = await showsStandIns(t, options);
  const system = await startTestSystem(t, standIns.env, options.now ? { now: options.now } : {});
  const app = system.apps.shows;
  if (!app) throw new Error('the shows service was not built');
  return { ...standIns, system, app };
}
