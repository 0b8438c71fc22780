// Two people with one name make a night's sheet ambiguous ("Ana & Ben vs Ana & Dev"): People warns
// before a second is added or someone is renamed to a name already taken. A warning, not a rule:
// two people may really share a name, and then a surname or an initial tells them apart.

/** A name as people read it: case, accents' case and spacing aside. */
const spoken = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The person already called `name`, other than the one being edited (`self`), or null. */
export function sameNameAs<T extends { readonly id: string; readonly name: string }>(name: string, people: readonly T[], self: string | null = null): T | null {
  const wanted = spoken(name);
  if (wanted === '') return null;
  return people.find((person) => person.id !== self && spoken(person.name) === wanted) ?? null;
}
