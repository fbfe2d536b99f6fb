import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { cn } from '#client/lib/cn.ts';

// A coach's reply is Markdown written by an engine, so it is rendered safely: no raw HTML, no
// images (nothing loads from elsewhere), links only to our own pages or to http(s) sites.

const allowedElements = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
];

const isOwnPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function safeUrl(url: string): string {
  if (isOwnPath(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : '';
  } catch {
    return '';
  }
}

/** A reply's own headings would break the page's outline: they read as bold lines instead. */
function StrongLine({ children }: { children?: ReactNode }) {
  return <p className="font-semibold">{children}</p>;
}

const components: Components = {
  a: ({ href, children }) => {
    if (!href) return <>{children}</>;
    const classes = 'font-medium text-primary underline underline-offset-4';
    return isOwnPath(href) ? (
      <Link to={href} className={classes}>
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel="noreferrer noopener" className={classes}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  },
  h1: StrongLine,
  h2: StrongLine,
  h3: StrongLine,
  h4: StrongLine,
  h5: StrongLine,
  h6: StrongLine,
};

/** A coach's reply (Markdown) as safe, readable text. */
export function CoachMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 leading-relaxed break-words',
        '[&_ul]:list-disc [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:pl-5 [&_li]:mt-1',
        '[&_blockquote]:border-l-2 [&_blockquote]:border-primary/40 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em]',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3',
        className,
      )}
    >
      <Markdown
        skipHtml
        allowedElements={allowedElements}
        unwrapDisallowed
        urlTransform={safeUrl}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
