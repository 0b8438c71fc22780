import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Question } from './definition.ts';
import type { Value } from './model.ts';
import { moveCaret } from '../../domain/forms/text-merge.ts';

/** What a question's control needs: its value and how to change it; text fields also report focus. */
export type FieldProps = {
  readonly value: Value | undefined;
  readonly onChange: (value: Value) => void;
  readonly onFocus: () => void;
  readonly onBlur: () => void;
  /** someone else's save replaced what this page showed here */
  readonly changedElsewhere?: boolean;
};

const asText = (value: Value | undefined): string => (typeof value === 'string' ? value : '');
const asList = (value: Value | undefined): readonly string[] => (Array.isArray(value) ? value : []);
const asRows = (value: Value | undefined): Readonly<Record<string, string>> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Readonly<Record<string, string>>) : {};

/**
 * When the text of the field being typed in changes from elsewhere (another person's words merged
 * in), the caret stays by the text it was next to instead of jumping to the end.
 */
function useKeptCaret<Element extends HTMLInputElement | HTMLTextAreaElement>(text: string) {
  const ref = useRef<Element>(null);
  const before = useRef<{ readonly text: string; readonly start: number; readonly end: number } | null>(null);
  // read while rendering: by the time an effect runs, the new text is in the element and the caret lost
  const element = ref.current;
  if (element && element === document.activeElement && element.value !== text) {
    before.current = { text: element.value, start: element.selectionStart ?? element.value.length, end: element.selectionEnd ?? element.value.length };
  }
  useLayoutEffect(() => {
    const kept = before.current;
    before.current = null;
    const current = ref.current;
    if (!kept || !current || current !== document.activeElement) return;
    current.setSelectionRange(moveCaret(kept.text, current.value, kept.start), moveCaret(kept.text, current.value, kept.end));
  }, [text]);
  return ref;
}

function textProps(field: FieldProps) {
  return {
    value: asText(field.value),
    onInput: (event: Event) => field.onChange((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
    onFocus: field.onFocus,
    onBlur: field.onBlur,
  };
}

/** A one-line text field bound to a field of the form. */
export function TextInput({ field, id, autocomplete }: { readonly field: FieldProps; readonly id: string; readonly autocomplete?: string }) {
  const ref = useKeptCaret<HTMLInputElement>(asText(field.value));
  return <input ref={ref} id={id} type="text" autocomplete={autocomplete} {...textProps(field)} />;
}

/** A text area bound to a field of the form. */
export function TextArea({ field, id, rows }: { readonly field: FieldProps; readonly id: string; readonly rows: number }) {
  const ref = useKeptCaret<HTMLTextAreaElement>(asText(field.value));
  return <textarea ref={ref} id={id} rows={rows} {...textProps(field)} />;
}

/** Said on a choice that someone else's save changed; a screen reader hears it as it appears. */
function ChangedElsewhere({ field }: { readonly field: FieldProps }) {
  // the live region is there before its words, so that their arrival is announced
  return (
    <p class="changed-elsewhere" aria-live="polite">
      {field.changedElsewhere ? 'Someone else changed this answer just now.' : ''}
    </p>
  );
}

/** A list of options as radios or checkboxes, one labelled row each. */
function Choices(props: {
  readonly type: 'radio' | 'checkbox';
  readonly name: string;
  readonly options: readonly string[];
  readonly checked: (option: string) => boolean;
  readonly onToggle: (option: string, on: boolean) => void;
}) {
  return (
    <div class="choices">
      {props.options.map((option) => (
        <label class="choice" key={option}>
          <input
            type={props.type}
            name={props.name}
            value={option}
            checked={props.checked(option)}
            onChange={(event) => props.onToggle(option, event.currentTarget.checked)}
          />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}

export function QuestionControl({ question, field }: { readonly question: Question; readonly field: FieldProps }) {
  const id = `q-${question.id}`;
  switch (question.t) {
    case 'one':
      return (
        <fieldset class="question" id={id}>
          <legend>{question.q}</legend>
          <Choices type="radio" name={id} options={question.o} checked={(option) => asText(field.value) === option} onToggle={(option) => field.onChange(option)} />
          {asText(field.value) ? (
            <button type="button" class="link-button" onClick={() => field.onChange('')}>
              Clear answer
            </button>
          ) : null}
          <ChangedElsewhere field={field} />
        </fieldset>
      );
    case 'many': {
      const chosen = asList(field.value);
      return (
        <fieldset class="question" id={id}>
          <legend>{question.q}</legend>
          <Choices
            type="checkbox"
            name={id}
            options={question.o}
            checked={(option) => chosen.includes(option)}
            // kept in the definition's order, so the same choices are the same answer
            onToggle={(option, on) => field.onChange(question.o.filter((each) => (each === option ? on : chosen.includes(each))))}
          />
          <ChangedElsewhere field={field} />
        </fieldset>
      );
    }
    case 'short':
      return (
        <div class="question" id={id}>
          <label for={`${id}-input`}>{question.q}</label>
          <TextInput id={`${id}-input`} field={field} />
        </div>
      );
    case 'long':
      return (
        <div class="question" id={id}>
          <label for={`${id}-input`}>{question.q}</label>
          <TextArea id={`${id}-input`} rows={4} field={field} />
        </div>
      );
    case 'grid': {
      const rows = asRows(field.value);
      return (
        <fieldset class="question" id={id}>
          <legend>{question.q}</legend>
          <div class="grid-scroll">
            <table class="grid">
              <thead>
                <tr>
                  <td />
                  {question.o.columns.map((column) => (
                    <th scope="col" key={column}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {question.o.rows.map((row, index) => (
                  <tr key={row}>
                    <th scope="row">{row}</th>
                    {question.o.columns.map((column) => (
                      <td key={column}>
                        <label class="grid-cell">
                          <input
                            type="radio"
                            name={`${id}-${index}`}
                            value={column}
                            checked={rows[row] === column}
                            onChange={() => field.onChange({ ...rows, [row]: column })}
                          />
                          <span class="visually-hidden">
                            {row}: {column}
                          </span>
                        </label>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ChangedElsewhere field={field} />
        </fieldset>
      );
    }
  }
}

export function NoteField({ question, field }: { readonly question: Question; readonly field: FieldProps }) {
  const id = `note-${question.id}`;
  const text = asText(field.value);
  // opened by the user or by a note arriving; clearing the note while typing it keeps it open
  const [opened, setOpened] = useState(false);
  return (
    <details class="note" open={opened || text !== ''} onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>Note</summary>
      <label for={id} class="visually-hidden">
        Note on: {question.q}
      </label>
      <TextArea id={id} rows={2} field={field} />
    </details>
  );
}
