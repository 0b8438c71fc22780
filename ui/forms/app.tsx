import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { SaveBadge } from '../shared/components/save-badge.tsx';
import { ThemeToggle } from '../shared/components/theme-toggle.tsx';
import { UpdatePrompt } from '../shared/components/update-prompt.tsx';
import { type DefinitionResult, loadDefinition } from './definition.ts';
import type { Value } from './model.ts';
import { NoteField, QuestionControl, TextArea, TextInput, type FieldProps } from './questions.tsx';
import { type FormSync, type FormSyncView, startFormSync } from './sync.ts';

export function formNameFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/f\//, '').split('/')[0] ?? '');
}

export function App({ name }: { readonly name: string }) {
  const [definition, setDefinition] = useState<DefinitionResult | null>(null);
  const [view, setView] = useState<FormSyncView | null>(null);
  const sync = useRef<FormSync | null>(null);

  useEffect(() => {
    const started = startFormSync(name, setView);
    void loadDefinition(name).then((result) => {
      // no questionnaire here: nothing to keep in step, no polling a form that is not one
      if (result.kind === 'missing') started.stop();
      if (result.kind === 'found') started.questions(result.definition.questions);
      setDefinition(result);
    });
    sync.current = started;
    return () => started.stop();
  }, [name]);

  useEffect(() => {
    if (definition?.kind === 'found') document.title = definition.definition.title;
  }, [definition]);

  const field = useMemo(
    () =>
      (key: string): FieldProps => ({
        value: view?.state.shown[key],
        onChange: (value: Value) => sync.current?.change(key, value),
        onFocus: () => sync.current?.focus(key),
        onBlur: () => sync.current?.blur(key),
        changedElsewhere: view?.state.changedElsewhere.has(key) ?? false,
      }),
    [view],
  );

  // a save state means something only where there is a form to save
  const badge = view && definition?.kind === 'found' ? <SaveBadge state={view.save} onRetry={() => sync.current?.retry()} /> : null;
  const failure = view?.save.kind === 'failed' ? view.save.message : null;
  // the refusal stays in sight with the header, wherever the user scrolled to
  const header = (title: string) => (
    <div class="top">
      <header class="app-header">
        <h1>{title}</h1>
        {badge}
        <ThemeToggle />
      </header>
      {failure ? (
        <p class="error" role="alert">
          Not saved: {failure}
        </p>
      ) : null}
    </div>
  );

  if (!definition) {
    return (
      <>
        {header('Questionnaire')}
        <main class="page">
          <p>Loading the questionnaire…</p>
        </main>
      </>
    );
  }
  if (definition.kind !== 'found') {
    return (
      <>
        {header('Questionnaire')}
        <main class="page">
          {definition.kind === 'missing' ? (
            <p>There is no questionnaire at this address. Check the link you were given.</p>
          ) : (
            <p>The questionnaire cannot be loaded: there is no connection. It opens here once it has been loaded online.</p>
          )}
        </main>
      </>
    );
  }
  const form = definition.definition;
  return (
    <>
      <UpdatePrompt />
      {header(form.title)}
      <main class="page">
        {form.intro ? <p class="intro">{form.intro}</p> : null}
        <p class="hint">Everyone with this link fills in the same answers. Every change is saved.</p>
        <form class="questionnaire" onSubmit={(event) => event.preventDefault()} noValidate>
          <div class="question">
            <label for="respondent">Your name</label>
            <TextInput id="respondent" autocomplete="name" field={field('respondent')} />
          </div>
          {form.questions.map((question) => (
            <section class="question-block" key={question.id}>
              <QuestionControl question={question} field={field(`a:${question.id}`)} />
              <NoteField question={question} field={field(`n:${question.id}`)} />
            </section>
          ))}
          <div class="question">
            <label for="summary">Summary</label>
            <TextArea id="summary" rows={4} field={field('summary')} />
          </div>
          <div class="trap" aria-hidden="true">
            <label>
              Website
              <input name="website" type="text" tabIndex={-1} autocomplete="off" onInput={(event) => sync.current?.trap(event.currentTarget.value)} />
            </label>
          </div>
        </form>
      </main>
    </>
  );
}
