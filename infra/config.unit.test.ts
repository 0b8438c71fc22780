import t from 'tap';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

t.test('no variables at all give a working configuration', async (t) => {
  const config = loadConfig({});
  t.equal(config.DATABASE_URL, undefined);
  t.equal(config.EVENTSTORE_URL, undefined);
  t.equal(config.FORMS_PORT, 3004);
  t.equal(config.FORMS_BASE_URL, 'http://localhost:3004');
  t.equal(config.FORMS_DIR, path.resolve(import.meta.dirname, '..', 'questionnaires'), "the repository's sample questionnaires");
  t.same([config.GYM_BASE_URL, config.SHOWS_BASE_URL, config.CLUB_BASE_URL], ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003']);
  t.same(config.ROLES, ['api', 'projector', 'scheduler']);
  t.equal(config.COOKIE_SECURE, true, 'cookies are Secure unless turned off');
  t.equal(config.NODE_ENV, 'production', 'production unless the environment says otherwise');
  t.equal(config.EMAIL_FROM, 'Ledger <no-reply@localhost>');
  t.same(config.TRUSTED_PROXY, ['127.0.0.1', '::1'], 'X-Real-IP is believed from a proxy on this machine only');
  t.equal(config.METRICS_PORT, undefined, 'no metrics port unless asked for');
});

t.test('TRUSTED_PROXY is a comma-separated list of addresses and CIDR blocks', async (t) => {
  t.same(loadConfig({ TRUSTED_PROXY: '10.0.0.0/8, fd00::/8,192.0.2.7' }).TRUSTED_PROXY, ['10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
  t.throws(() => loadConfig({ TRUSTED_PROXY: '127.0.0.1,proxy.internal' }), {
    message: 'invalid configuration: TRUSTED_PROXY: addresses or CIDR blocks, comma-separated, like 127.0.0.1,10.0.0.0/8',
  });
});

t.test('the sender is a display name and an address in angle brackets', async (t) => {
  t.equal(loadConfig({ EMAIL_FROM: 'Gym Log <gym@example.org>' }).EMAIL_FROM, 'Gym Log <gym@example.org>');
  t.equal(loadConfig({ COOKIE_SECURE: 'false' }).COOKIE_SECURE, false);
});

t.test('values are parsed and normalised', async (t) => {
  const config = loadConfig({
    FORMS_PORT: '8080',
    FORMS_BASE_URL: 'https://forms.example.org/some/path',
    SHOWS_BASE_URL: 'https://shows.example.org:8443/',
    ROLES: 'api, projector',
    DATABASE_URL: 'postgres://u:p@db:5432/app',
    EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
  });
  t.equal(config.FORMS_PORT, 8080);
  t.equal(config.FORMS_BASE_URL, 'https://forms.example.org', 'an origin keeps only scheme, host and port');
  t.equal(config.SHOWS_BASE_URL, 'https://shows.example.org:8443');
  t.same(config.ROLES, ['api', 'projector']);
  t.equal(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT, 9464);
});

t.test('a bad value stops with one line that names the variable', async (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ FORMS_PORT: 'abc' }, 'FORMS_PORT'],
    [{ FORMS_PORT: '70000' }, 'FORMS_PORT'],
    [{ METRICS_PORT: 'metrics' }, 'METRICS_PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ EVENTSTORE_URL: 'http://localhost:2113' }, 'EVENTSTORE_URL'],
    [{ FORMS_BASE_URL: 'not a url' }, 'FORMS_BASE_URL'],
    [{ GYM_BASE_URL: 'ftp://gym.example.org' }, 'GYM_BASE_URL'],
    [{ ROLES: 'api,cook' }, 'ROLES'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ EMAIL_FROM: 'gym@example.org' }, 'EMAIL_FROM'],
    [{ EMAIL_FROM: 'Gym <not an address>' }, 'EMAIL_FROM'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ MAIL_API_URL: 'ftp://mail' }, 'MAIL_API_URL'],
  ];
  for (const [env, variable] of cases) {
    const error = t.throws(() => loadConfig(env)) as unknown;
    t.ok(error instanceof ConfigError, `${variable}: a ConfigError`);
    const message = (error as Error).message;
    t.match(message, new RegExp(`^invalid configuration: ${variable}: `), `${variable} is named`);
    t.notMatch(message, /\n/, 'one line');
  }
});

t.test('a service moved to another port is its own origin there, unless a base URL says otherwise', async (t) => {
  const config = loadConfig({ GYM_PORT: '4501', FORMS_PORT: '4504', CLUB_BASE_URL: 'https://club.example.org', CLUB_PORT: '4503' });
  t.equal(config.GYM_BASE_URL, 'http://localhost:4501');
  t.equal(config.FORMS_BASE_URL, 'http://localhost:4504');
  t.equal(config.CLUB_BASE_URL, 'https://club.example.org', 'a proxy in front names the origin itself');
  t.equal(config.SHOWS_BASE_URL, 'http://localhost:3002');
  t.equal(loadConfig({ GYM_PORT: '0' }).GYM_BASE_URL, 'http://localhost:3001', 'a free port chosen at listen time is not known here: the usual one stands in');
});
