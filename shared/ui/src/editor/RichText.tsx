import type { CSSProperties } from 'react';

// React 19 hoists and dedupes a <style> with href + precedence, so many RichTexts add one rule set.
const CSS = '.exam-rich-text img,.exam-rich-text video{max-width:100%;height:auto}.exam-rich-text p{margin:0 0 8px}';

/** Renders rich text the server sanitized on write (DESIGN §4); never pass unsanitized HTML here. */
export function RichText({ html, style }: { html: string | null | undefined; style?: CSSProperties }) {
  return (
    <>
      <style href="exam-rich-text" precedence="default">
        {CSS}
      </style>
      <div
        className="exam-rich-text"
        style={{ lineHeight: 1.8, wordBreak: 'break-word', ...style }}
        dangerouslySetInnerHTML={{ __html: html ?? '' }}
      />
    </>
  );
}
