/** An event as the domain sees it: a type and a parsed payload, nothing of storage. */
export type DomainEvent<Type extends string = string, Data = unknown> = { readonly type: Type; readonly data: Data };

/** A rule of the domain was broken; the command API maps `code` to an HTTP status. */
export class DomainError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
