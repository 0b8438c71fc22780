// The demo data of every app, added through the services' own routes (ops/demo/*.ts), by
// `npm run demo` into the data folder it serves and by `npm run screenshots` into a throwaway one.
// Each app is added once: an app whose demo account already signs in is left as it is.
import type { Core } from '../../command-api/shared/core.ts';
import { type Config, serviceOrigins } from '../../infra/config.ts';
import { localDate } from '../../ui/gym/model.ts';
import type { DemoApp } from './accounts.ts';
import { type ClubDemo, seedClub } from './club.ts';
import { type FormsDemo, seedForms } from './forms.ts';
import { type GymDemo, seedGym } from './gym.ts';
import type { ServiceAddress } from './http.ts';
import { seedShows, type ShowsDemo } from './shows.ts';

export type DemoTargets = Readonly<Record<DemoApp, ServiceAddress>>;
export type Demo = { readonly gym: GymDemo; readonly shows: ShowsDemo; readonly club: ClubDemo; readonly forms: FormsDemo };

/** A listening address as this machine connects to it: any-address binds are reached on loopback. */
function reachable(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Each service of a running system: connected to where it listens, writing with its public origin. */
export function demoTargets(config: Config, services: readonly { readonly name: string; readonly port: number }[]): DemoTargets {
  const origins = serviceOrigins(config);
  const target = (app: DemoApp): ServiceAddress => {
    const service = services.find((candidate) => candidate.name === app);
    if (!service) throw new Error(`the demo needs the ${app} service, which this process does not serve (ROLES must include api)`);
    return { url: `http://${reachable(config.HOST)}:${service.port}`, origin: origins[app] };
  };
  return { gym: target('gym'), shows: target('shows'), club: target('club'), forms: target('forms') };
}

/**
 * Every app's demo, side by side (each writes its own streams). `core` makes the club login, as the
 * ops command line does; everything else goes over HTTP. An app that fails does not stop the others;
 * their failures are thrown together once all have finished.
 */
export async function seedDemo(targets: DemoTargets, core: Pick<Core, 'accounts' | 'commands'>, today = localDate(new Date())): Promise<Demo> {
  const [gym, shows, club, forms] = await Promise.allSettled([
    seedGym(targets.gym, today),
    seedShows(targets.shows),
    seedClub(targets.club, core, today),
    seedForms(targets.forms),
  ]);
  if (gym.status === 'fulfilled' && shows.status === 'fulfilled' && club.status === 'fulfilled' && forms.status === 'fulfilled') {
    return { gym: gym.value, shows: shows.value, club: club.value, forms: forms.value };
  }
  const failures = [gym, shows, club, forms].flatMap((result, index) =>
    result.status === 'rejected' ? [`${['gym', 'shows', 'club', 'forms'][index]}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`] : [],
  );
  throw new Error(`the demo data could not be added: ${failures.join('; ')}`);
}
