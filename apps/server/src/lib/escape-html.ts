/** Escapes text for HTML content and quoted attribute values: a buyer's `<script>` stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
