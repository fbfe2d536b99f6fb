import Markdown, { type Components } from 'react-markdown';
import { cn } from '#client/lib/cn.ts';

// A coach's reply is Markdown from an engine (possibly a model): rendered without raw HTML, with
// react-markdown's URL filter (no javascript: links), no images (a model could point them at a
// tracker), and every link opening in a new tab without access to this one.
const components: Components = {
  // A link whose address the filter emptied (javascript:, data:) stays as its words only.
  a: ({ href, children }) =>
    !href ? (
      <span>{children}</span>
    ) : (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-primary underline underline-offset-4"
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
  h1: ({ children }) => <p className="font-semibold">{children}</p>,
  h2: ({ children }) => <p className="font-semibold">{children}</p>,
  h3: ({ children }) => <p className="font-semibold">{children}</p>,
  h4: ({ children }) => <p className="font-semibold">{children}</p>,
  h5: ({ children }) => <p className="font-semibold">{children}</p>,
  h6: ({ children }) => <p className="font-semibold">{children}</p>,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5">{children}</ol>,
  code: ({ children }) => (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="overflow-x-auto rounded-lg bg-muted p-3 text-sm">{children}</pre>
  ),
  blockquote: ({ children }) => (
    <blockquote className="border-l-2 border-primary/40 pl-3 text-muted-foreground">
      {children}
    </blockquote>
  ),
};

/**
 * A coach's words as safe Markdown. Headings become bold lines so a reply never breaks the page's
 * outline.
 */
export function CoachMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('space-y-2 break-words [&_p]:leading-relaxed', className)}>
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed components={components}>
        {text}
      </Markdown>
    </div>
  );
}
