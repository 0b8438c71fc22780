import { request, type RequestOptions } from './api.ts';

/**
 * Calls typed by a service's contract: the `paths` openapi-typescript generates from its OpenAPI
 * document (ui/generated/contract/, `npm run contract`). A path, a parameter, a body or an answer that
 * the service changes fails the apps' type check where they call it. The transport is `request`:
 * the same refusal / no-answer split and the same runtime check of the answer.
 */
type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type JsonContent<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of the operation's success answer(s). */
export type Answer<Operation> = Operation extends { responses: infer Responses }
  ? { [Status in keyof Responses & SuccessStatus]: JsonContent<Responses[Status]> }[keyof Responses & SuccessStatus]
  : never;

type PathParameters<Operation> = Operation extends { parameters: { path: infer Path } } ? Path : never;
type QueryParameters<Operation> = Operation extends { parameters: { query?: infer Query } } ? Exclude<Query, undefined> : never;
/** The JSON body the operation takes, never when it takes none. */
export type Body<Operation> = Operation extends { requestBody?: infer RequestBody }
  ? RequestBody extends { content: { 'application/json': infer Json } }
    ? Json
    : never
  : never;

type Present<Value, Field> = [Value] extends [never] ? unknown : Field;

/** What a call gives: the path's parameters, the query, the body, each only where the operation has one. */
export type CallOptions<Operation> = Omit<RequestOptions<Answer<Operation>>, 'method' | 'body' | 'accept'> & {
  /** checks the fields the screens rely on; the answer's type is the contract's */
  readonly accept: (value: unknown) => boolean;
} & Present<PathParameters<Operation>, { readonly path: PathParameters<Operation> }> &
  Present<QueryParameters<Operation>, { readonly query?: QueryParameters<Operation> }> &
  Present<Body<Operation>, { readonly body: Body<Operation> }>;

/** The paths of the contract that have the method. */
type PathsWith<Paths, Method extends HttpMethod> = {
  [Path in keyof Paths]: Paths[Path] extends { [M in Method]: object } ? Path : never;
}[keyof Paths] &
  string;

export type OperationAt<Paths, Path extends keyof Paths, Method extends HttpMethod> = Paths[Path] extends { [M in Method]: infer Operation } ? Operation : never;

export type ContractClient<Paths> = {
  readonly [Method in HttpMethod]: <Path extends PathsWith<Paths, Method>>(
    path: Path,
    options: CallOptions<OperationAt<Paths, Path, Method>>,
  ) => Promise<Answer<OperationAt<Paths, Path, Method>>>;
};

type Primitive = string | number | boolean;

/** `/api/shows/{id}` with `{ id: 7 }` is `/api/shows/7`; the query appended in the order given. */
export function urlOf(template: string, path?: Readonly<Record<string, Primitive>>, query?: Readonly<Record<string, Primitive | readonly Primitive[] | undefined>>): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new TypeError(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export function contractClient<Paths>(): ContractClient<Paths> {
  const call =
    (method: HttpMethod) =>
    (
      path: string,
      options: Omit<RequestOptions<unknown>, 'method' | 'accept'> & {
        readonly accept: (value: unknown) => boolean;
        readonly path?: Readonly<Record<string, Primitive>>;
        readonly query?: Readonly<Record<string, Primitive | readonly Primitive[] | undefined>>;
      },
    ): Promise<unknown> => {
      const { path: parameters, query, accept, ...rest } = options;
      return request(urlOf(path, parameters, query), { ...rest, method: method.toUpperCase() as RequestOptions<unknown>['method'], accept: (value): value is unknown => accept(value) });
    };
  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') } as unknown as ContractClient<Paths>;
}
