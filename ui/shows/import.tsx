// Bringing a history from TV Time or Trakt: pick the export, send it, follow the job the server runs,
// then what was imported and, title by title, what was not and why. The job's id is kept in the
// address, so a reload (or coming back later) follows the same import.
import { useEffect, useState } from 'preact/hooks';
import { useOnline } from '../shared/use-online.ts';
import { ApiRefusal } from '../shared/api.ts';
import { api } from './api.ts';
import { Link, navigate } from './common.tsx';
import { messageOf, NO_CONNECTION } from '../shared/messages.ts';
import { base64Of, type ImportJob, importableName, importedLabel, MAX_IMPORT_BYTES } from './model.ts';
import { links } from './routes.ts';

const POLL_MS = 2_000;
const MIB = 1024 * 1024;
const OFFLINE = 'You are offline. Importing needs the network: connect, then try again.';


export function ImportScreen({ job }: { readonly job: string | null }) {
  return (
    <section aria-labelledby="import-title" class="import">
      <h2 id="import-title">Bring your history</h2>
      {job ? <Progress jobId={job} key={job} /> : <Pick />}
    </section>
  );
}

const sizeOf = (bytes: number): string =>
  bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;

function Pick() {
  const online = useOnline();
  const [files, setFiles] = useState<readonly File[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    if (files.length === 0) return setProblem("Pick the export's zip or its files first.");
    const other = files.find((file) => !importableName(file.name));
    if (other) return setProblem(`${other.name} is not part of an export: pick the zip, or its .csv or .json files.`);
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > MAX_IMPORT_BYTES) return setProblem(`These files are ${sizeOf(total)}; an import takes at most ${MAX_IMPORT_BYTES / MIB} MiB.`);
    if (!navigator.onLine) return setProblem(OFFLINE);
    setProblem(null);
    setSending(true);
    try {
      const contents = await Promise.all(files.map(async (file) => ({ name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())) })));
      const { jobId } = await api.startImport(contents);
      navigate(links.import(jobId), true);
    } catch (error) {
      setProblem(messageOf(error, { offline: OFFLINE, late: NO_CONNECTION }));
      setSending(false);
    }
  };

  return (
    <>
      <p>
        Add the shows you watched elsewhere to your library: the watched episodes with their dates, the shows you saved for later, and a rating where
        the show is finished. What is already in your library stays as it is, so importing the same export again adds only what is new.
      </p>
      <ul class="sources">
        <li>
          <strong>TV Time</strong>: ask TV Time for your data (its GDPR export), then pick the zip it sends you, or its{' '}
          <code>tracking-prod-records.csv</code>, <code>user_tv_show_data.csv</code> (or <code>followed_tv_show.csv</code>) and{' '}
          <code>seen_episode.csv</code>.
        </li>
        <li>
          <strong>Trakt</strong>: export your data in Trakt's settings, then pick the zip, or its <code>watched-history.json</code>,{' '}
          <code>watched-shows.json</code>, <code>lists-watchlist.json</code> and the <code>ratings-</code> files.
        </li>
      </ul>
      {online ? null : (
        <p class="notice" role="alert">
          {OFFLINE}
        </p>
      )}
      <form
        class="stack import-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div class="field">
          <label for="import-files">Export files</label>
          <input
            id="import-files"
            type="file"
            multiple
            accept=".zip,.csv,.json,application/zip,text/csv,application/json"
            aria-describedby="import-files-help"
            onChange={(event) => {
              setFiles([...(event.currentTarget.files ?? [])]);
              setProblem(null);
            }}
          />
          <p class="muted small" id="import-files-help">
            A zip or CSV and JSON files, up to {MAX_IMPORT_BYTES / MIB} MiB together.
          </p>
        </div>
        {files.length > 0 ? (
          <ul class="picked" aria-label="Picked files">
            {files.map((file) => (
              <li key={file.name}>
                {file.name} <span class="muted">({sizeOf(file.size)})</span>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="submit" class="primary" disabled={sending || !online}>
          {sending ? 'Sending…' : 'Import'}
        </button>
        {problem ? (
          <p class="error-text" role="alert">
            {problem}
          </p>
        ) : (
          <p class="muted small" role="status">
            {sending ? `Sending ${files.length === 1 ? 'the file' : `${files.length} files`}…` : ''}
          </p>
        )}
      </form>
    </>
  );
}

type Polled = { readonly job: ImportJob | null; readonly missing: boolean; readonly trouble: string | null };

function Progress({ jobId }: { readonly jobId: string }) {
  const [polled, setPolled] = useState<Polled>({ job: null, missing: false, trouble: null });
  const online = useOnline();

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const job = await api.importJob(jobId);
        if (!live) return;
        setPolled({ job, missing: false, trouble: null });
        if (job.status === 'done' || job.status === 'failed') return;
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiRefusal && error.status === 404) return setPolled({ job: null, missing: true, trouble: null });
        // the import goes on at the server; this page asks again
        setPolled((before) => ({ ...before, trouble: messageOf(error, { offline: OFFLINE, late: NO_CONNECTION }) }));
      }
      timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [jobId]);

  const { job, missing, trouble } = polled;
  if (missing) {
    return (
      <div class="notice" role="alert">
        <p>There is no such import of yours: it may have been from another account, or too long ago.</p>
        <p>
          <Link href={links.import()}>Start an import</Link>
        </p>
      </div>
    );
  }
  const troubleLine = trouble ? (
    <p class="error-text" role="alert">
      {trouble} The import goes on without this page{online ? '; checking again shortly.' : '.'}
    </p>
  ) : null;
  if (!job) {
    return (
      <>
        <p role="status">Loading the import…</p>
        {troubleLine}
      </>
    );
  }
  const ended = job.status === 'done' || job.status === 'failed';
  return (
    <>
      {ended ? null : (
        <div class="import-progress">
          <p role="status" id="import-progress-label">
            {job.status === 'queued' ? 'Waiting to start…' : 'Importing…'} {job.showsDone} of {job.showsTotal} {job.showsTotal === 1 ? 'show' : 'shows'}
          </p>
          <progress max={Math.max(1, job.showsTotal)} value={job.showsDone} aria-labelledby="import-progress-label" />
          <p class="muted small">Shows are looked up on TVmaze a few at a time. You can leave this page: the import goes on, and this address shows how it went.</p>
        </div>
      )}
      {troubleLine}
      {ended ? <Outcome job={job} /> : null}
    </>
  );
}

function Outcome({ job }: { readonly job: ImportJob }) {
  return (
    <div class="import-outcome" data-testid="import-outcome">
      {job.status === 'failed' ? (
        <div class="notice" role="alert">
          <p>{job.error ?? 'The import stopped.'}</p>
          <p>
            {job.showsDone} of {job.showsTotal} shows were done before it stopped.
          </p>
        </div>
      ) : (
        <h3>Import done</h3>
      )}
      <p class="import-counts" role="status">
        {importedLabel(job)}
      </p>
      {job.unchanged > 0 && (job.imported.shows > 0 || job.imported.episodes > 0) ? (
        <p class="muted">{job.unchanged === 1 ? '1 show was' : `${job.unchanged} shows were`} already in your library as the export has them.</p>
      ) : null}

      {job.unresolved.length > 0 ? (
        <section aria-labelledby="unresolved-title" class="import-list">
          <h3 id="unresolved-title">Not found on TVmaze ({job.unresolved.length})</h3>
          <p class="muted small">Nothing of these was imported. You can search for them and track them by hand.</p>
          <ul data-testid="unresolved">
            {job.unresolved.map((entry, index) => (
              <li key={index}>
                <strong>{entry.title}</strong>: {entry.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {job.notImported.length > 0 ? (
        <section aria-labelledby="not-imported-title" class="import-list">
          <h3 id="not-imported-title">Left out ({job.notImported.length})</h3>
          <ul data-testid="not-imported">
            {job.notImported.map((entry, index) => (
              <li key={index}>
                <strong>{entry.title}</strong>, {entry.what}: {entry.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {job.matchedByName.length > 0 ? (
        <section aria-labelledby="by-name-title" class="import-list">
          <h3 id="by-name-title">Matched by name ({job.matchedByName.length})</h3>
          <p class="muted small">The export gave no id for these, so they were matched on their name: worth a look.</p>
          <ul data-testid="matched-by-name">
            {job.matchedByName.map((entry) => (
              <li key={entry.showId}>
                <Link href={links.show(entry.showId)} class="touch-link">
                  {entry.name}
                </Link>
                {entry.name.toLowerCase() === entry.title.toLowerCase() ? null : <span class="muted"> (“{entry.title}” in the export)</span>}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div class="actions">
        <Link href={links.dashboard} class="button">
          Go to your shows
        </Link>
        <Link href={links.import()} class="button">
          Import another
        </Link>
      </div>
    </div>
  );
}
