import { SCROLLS_SIDEWAYS } from "./scrolls-sideways";

/**
 * How article markdown renders its links, code blocks and tables: links open a new tab without the site as
 * referrer; code and tables scroll sideways as tab stops. Shared by the site's renderer (markdown.tsx) and the
 * offline shell's (lib/pwa/shell/shell.tsx), which must not import highlight.js with the former.
 */
export const MARKDOWN_ELEMENTS = {
  a: ({ href, children }: { href?: string; children?: React.ReactNode }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  pre: ({ children }: { children?: React.ReactNode }) => <pre {...SCROLLS_SIDEWAYS.code}>{children}</pre>,
  table: ({ children }: { children?: React.ReactNode }) => <table {...SCROLLS_SIDEWAYS.table}>{children}</table>,
};
