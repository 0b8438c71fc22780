/** What the last action on a screen came to: the API's refusal (an alert) or what was done (a status line). */
export function Outcome({ problem, done }: { readonly problem: string | null; readonly done: string | null }) {
  return (
    <>
      {problem ? (
        <p class="problem" role="alert">
          {problem}
        </p>
      ) : null}
      <p role="status" class="done-line">
        {done ?? ''}
      </p>
    </>
  );
}
