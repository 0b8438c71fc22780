/** A refusal or a failure, in the API's words (`messageOf`), announced as it appears. */
export function Problem({ message }: { readonly message: string | null }) {
  return message ? (
    <p class="problem" role="alert">
      {message}
    </p>
  ) : null;
}

/** What the last action on a screen came to: the API's refusal (an alert) or what was done (a status line). */
export function Outcome({ problem, done }: { readonly problem: string | null; readonly done: string | null }) {
  return (
    <>
      <Problem message={problem} />
      <p role="status" class="done-line">
        {done ?? ''}
      </p>
    </>
  );
}
