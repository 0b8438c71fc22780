/**
 * The ids a person would open in an app, for the screens that show one: by a page route's first
 * segment (`workout` of `/workout/:id`, `exercises` of `/exercises/:id`), that route's parameters.
 */
export type Pages = Readonly<Record<string, Readonly<Record<string, string>>>>;
