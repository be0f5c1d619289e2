import MarkdownIt from 'markdown-it';

/**
 * Markdown nodes (.md) rendered for display. markdown-it's safe mode is the sanitiser: raw
 * HTML in the source is escaped, not passed through (html: false), and its link validator
 * drops javascript:, vbscript:, file: and non-image data: URLs. Headings start at h2 because a
 * node sits inside a page that has its own h1.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });

md.renderer.rules.heading_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token && token.tag === 'h1') token.tag = 'h2';
  return self.renderToken(tokens, index, options);
};
md.renderer.rules.heading_close = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token && token.tag === 'h1') token.tag = 'h2';
  return self.renderToken(tokens, index, options);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
