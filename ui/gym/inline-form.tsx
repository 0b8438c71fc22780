import type { ComponentChildren } from 'preact';

type InlineFormProps = {
  readonly label: ComponentChildren;
  /** the id of the field the label names */
  readonly fieldId: string;
  readonly onSubmit: () => void;
  /** the field and its submit button, side by side */
  readonly children: ComponentChildren;
  /** what stands under them: a hint, suggestions */
  readonly below?: ComponentChildren;
};

/** A form of one field and its button on one row, under the field's label: an addition, a rename, a merge. */
export function InlineForm({ label, fieldId, onSubmit, children, below }: InlineFormProps) {
  return (
    <form
      class="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label for={fieldId}>{label}</label>
      <div class="inline-row">{children}</div>
      {below}
    </form>
  );
}
