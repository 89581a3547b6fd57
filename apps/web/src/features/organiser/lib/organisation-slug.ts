/** The longest organisation address (OrganisationSlugSchema: 3-40 characters). */
const MAX_SLUG = 40;

/**
 * An address suggested from the organisation's name: lower case, accents dropped, anything else a single
 * hyphen ("Théâtre de l'Île" → "theatre-de-l-ile"). The schema has the last word; the person may edit it.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}
