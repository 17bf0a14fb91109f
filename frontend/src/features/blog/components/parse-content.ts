export type ContentBlock = { kind: 'heading' | 'paragraph'; text: string };

/**
 * Blog content is plain text (API contract): paragraphs separated by a blank
 * line, and a paragraph starting "## " is a subheading. Rendered as React
 * text nodes only, so markup an admin typed is shown, never run.
 */
export function parseContent(content: string): ContentBlock[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) =>
      block.startsWith('## ') ? { kind: 'heading' as const, text: block.slice(3).trim() } : { kind: 'paragraph' as const, text: block },
    );
}
