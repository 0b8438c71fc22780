import { type Config, serviceOrigins } from '../../infra/config.ts';
import { WEB_APPS } from '../../ui/apps.ts';

/** The questionnaire every fresh clone has (questionnaires/welcome.json). */
export const SAMPLE_FORM = 'welcome';

/** Where a person opens each app this process serves: its service's public origin and first page. */
export function appAddresses(config: Config, services: readonly { readonly name: string }[]): { app: string; url: string }[] {
  const origins = serviceOrigins(config);
  return WEB_APPS.filter((web) => services.some((service) => service.name === web.name)).map((web) => ({
    app: web.name,
    url: `${origins[web.name]}${web.name === 'forms' ? `/f/${SAMPLE_FORM}` : (web.startUrl ?? '/')}`,
  }));
}
