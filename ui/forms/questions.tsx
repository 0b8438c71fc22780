import { useState } from 'preact/hooks';
import type { Question } from './definition.ts';
import type { Value } from './model.ts';

/** What a question's control needs: its value and how to change it; text fields also report focus. */
export type FieldProps = {
  readonly value: Value | undefined;
  readonly onChange: (value: Value) => void;
  readonly onFocus: () => void;
  readonly onBlur: () => void;
};

const asText = (value: Value | undefined): string => (typeof value === 'string' ? value : '');
const asList = (value: Value | undefined): readonly string[] => (Array.isArray(value) ? value : []);
const asRows = (value: Value | undefined): Readonly<Record<string, string>> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Readonly<Record<string, string>>) : {};

/** The props that bind a text input or text area to a field: its text, and focus for the deferral. */
export function textField(field: FieldProps) {
  return {
    value: asText(field.value),
    onInput: (event: Event) => field.onChange((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
    onFocus: field.onFocus,
    onBlur: field.onBlur,
  };
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
        </fieldset>
      );
    }
    case 'short':
      return (
        <div class="question" id={id}>
          <label for={`${id}-input`}>{question.q}</label>
          <input id={`${id}-input`} type="text" {...textField(field)} />
        </div>
      );
    case 'long':
      return (
        <div class="question" id={id}>
          <label for={`${id}-input`}>{question.q}</label>
          <textarea id={`${id}-input`} rows={4} {...textField(field)} />
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
      <textarea id={id} rows={2} {...textField(field)} />
    </details>
  );
}
