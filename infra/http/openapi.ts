// Schemas registered with `.meta({id})` live in zod's one global registry, so the transform puts
// every service's components into every document; each keeps only what its own routes reach.

const PREFIX = '#/components/schemas/';

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(PREFIX)) into.add(decodeURIComponent(inner.slice(PREFIX.length)));
      else collectRefs(inner, into);
    }
  }
}

/** The document with only the component schemas its paths reach, directly or through other schemas. */
export function pruneUnreferencedSchemas<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  collectRefs(rest, reached);
  collectRefs({ ...components, schemas: undefined }, reached);
  const pending = [...reached];
  while (pending.length > 0) {
    const found = new Set<string>();
    collectRefs(schemas[pending.pop()!], found);
    for (const name of found) {
      if (!reached.has(name)) {
        reached.add(name);
        pending.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as T;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Every operation that does not name how it is authorised is public, and says so (`security: []`):
 * a client generator then knows which calls need the session and which do not.
 */
export function declarePublicOperations<T extends object>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const declared = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) =>
          METHODS.has(method) && operation && typeof operation === 'object' && !('security' in operation)
            ? [method, { ...operation, security: [] }]
            : [method, operation],
        ),
      ),
    ]),
  );
  return { ...document, paths: declared } as T;
}
